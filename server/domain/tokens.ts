// Access tokens are short-lived HS256 JWTs; everything else (refresh, activation, reset) is an
// opaque random token stored only as its SHA-256, so a database leak reveals no usable token.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url")

export interface AccessClaims {
  readonly sub: string
  readonly email: string
  readonly name: string
  readonly iat: number
  readonly exp: number
}

export const signAccessToken = (
  secret: string,
  user: { id: string; email: string; name: string },
  ttlSeconds: number,
  now = Date.now()
): string => {
  const iat = Math.floor(now / 1000)
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))
  const body = b64url(JSON.stringify({ sub: user.id, email: user.email, name: user.name, iat, exp: iat + ttlSeconds }))
  const signature = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url")
  return `${header}.${body}.${signature}`
}

/** The claims of a well-signed, unexpired token; undefined otherwise. */
export const verifyAccessToken = (secret: string, token: string, now = Date.now()): AccessClaims | undefined => {
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

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url")

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex")
