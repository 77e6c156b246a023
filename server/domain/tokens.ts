// Access tokens are short-lived HS256 JWTs; everything else (refresh, activation, reset) is an
// opaque random token stored only as its SHA-256, so a database leak reveals no usable token.
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto"

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url")

export interface AccessClaims {
  readonly sub: string
  readonly email: string
  readonly name: string
  /** The user's token generation when it was issued; absent in tokens from before generations (0). */
  readonly gen?: number
  readonly iat: number
  readonly exp: number
}

export const signAccessToken = (
  secret: string,
  user: { id: string; email: string; name: string; token_generation?: number },
  ttlSeconds: number,
  now = Date.now()
): string => {
  const iat = Math.floor(now / 1000)
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))
  const body = b64url(
    JSON.stringify({ sub: user.id, email: user.email, name: user.name, gen: user.token_generation ?? 0, iat, exp: iat + ttlSeconds })
  )
  const signature = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url")
  return `${header}.${body}.${signature}`
}

/** The claims of a well-signed, unexpired token; undefined otherwise. */
export const verifyAccessToken = (secret: string | KeyObject, token: string, now = Date.now()): AccessClaims | undefined => {
  const [header, body, signature] = token.split(".")
  if (!header || !body || !signature) return undefined
  const expected = createHmac("sha256", secret).update(`${header}.${body}`).digest()
  const given = Buffer.from(signature, "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as AccessClaims
    return typeof claims.exp === "number" && claims.exp * 1000 > now ? claims : undefined
  } catch {
    return undefined
  }
}

export type AccessTokenVerifier = (token: string, now?: number) => AccessClaims | undefined

/**
 * verifyAccessToken for one secret, remembering the tokens it found good. A signed-in browser sends
 * the same token with every request for its whole life (15 minutes by default), and checking its
 * signature again each time was a tenth of a short request's cost. Only good tokens are remembered,
 * keyed by the whole token (signature included), and each still expires at its own `exp`: the
 * answer is always the one verifyAccessToken would give. The oldest entries go first when full.
 */
export const makeAccessTokenVerifier = (secret: string, maxEntries = 10_000): AccessTokenVerifier => {
  const key = createSecretKey(Buffer.from(secret, "utf8"))
  const good = new Map<string, AccessClaims>()
  return (token, now = Date.now()) => {
    const known = good.get(token)
    if (known !== undefined) {
      if (known.exp * 1000 > now) return known
      good.delete(token)
      return undefined
    }
    const claims = verifyAccessToken(key, token, now)
    if (claims === undefined) return undefined
    if (good.size >= maxEntries) good.delete(good.keys().next().value!)
    good.set(token, claims)
    return claims
  }
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url")

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex")
