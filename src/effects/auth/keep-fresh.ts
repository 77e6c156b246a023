// Keeps the access token, and with it the media cookie, from lapsing while a tab is signed in.
//
// Thumbnails (<img>) and the viewer's tiles are fetched by the browser with the media cookie, which
// the server sets with every token it hands out and which lives exactly as long as that token. Calls
// through Api renew an expired token on their 401, but an image request cannot: left alone, the
// cookie would lapse after ACCESS_TOKEN_SECONDS and every image would 404 until the next API call.
// So, while signed in, the tokens are renewed shortly before the access token expires; and tokens
// kept from an earlier visit are renewed once at the start, since their cookie may be gone.
// Renewal goes through Api.renew, which never lets two renewals race (in this tab or another).
import { Clock, Effect } from "effect"
import { Api } from "../Api.ts"
import { TokenStore } from "../TokenStore.ts"

/**
 * How long before expiry to renew: two minutes, more than the one minute to which browsers delay
 * timers in hidden tabs, so a tab coming back to the front finds a live cookie. At most a quarter
 * of the token's life, should tokens be configured to live only minutes.
 */
export const RENEW_BEFORE_MS = 2 * 60 * 1000
/** After a failed renewal (offline, server down), when to try again. */
export const RETRY_AFTER_MS = 15 * 1000

export interface TokenLife {
  /** ms since the epoch, by the server's clock */
  readonly issued: number
  readonly expires: number
}

/** When a JWT access token was issued and expires; undefined when it cannot be read. */
export const lifeOf = (token: string): TokenLife | undefined => {
  const body = token.split(".")[1]
  if (body === undefined) return undefined
  try {
    const claims: unknown = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")))
    if (typeof claims !== "object" || claims === null || !("iat" in claims) || !("exp" in claims)) return undefined
    const { iat, exp } = claims
    return typeof iat === "number" && typeof exp === "number" && exp > iat ? { issued: iat * 1000, expires: exp * 1000 } : undefined
  } catch {
    return undefined
  }
}

const margin = (life: TokenLife) => Math.min(RENEW_BEFORE_MS, (life.expires - life.issued) / 4)

/**
 * How long to wait before renewing `token`: until the margin before it expires by this browser's
 * clock; 0 when due or unreadable. A clock running behind the server's would wait too long, so
 * never longer than the token's whole life less the margin (it cannot be younger than new).
 */
export const renewalDelay = (token: string, now: number): number => {
  const life = lifeOf(token)
  if (life === undefined) return 0
  const longest = life.expires - life.issued - margin(life)
  return Math.min(longest, Math.max(0, life.expires - margin(life) - now))
}

/**
 * The least wait after a renewal before the next: half the new token's life. A clock running ahead
 * of the server's finds every new token already due and must not turn this into a refresh loop.
 */
export const pauseAfterRenewal = (token: string | undefined): number => {
  const life = token === undefined ? undefined : lifeOf(token)
  return life === undefined ? RETRY_AFTER_MS : (life.expires - life.issued) / 2
}

/**
 * Renews `access` unless another renewal already replaced it: "renewed", "failed" (offline, server
 * down: worth another try) or "refused" (Api has then ended the session, which stops this program).
 */
const renew = (access: string) =>
  Effect.flatMap(Api, (api) => api.renew(access)).pipe(
    Effect.map((fresh) => ({ outcome: "renewed" as const, fresh })),
    Effect.catchTag("Unauthorized", () => Effect.succeed({ outcome: "refused" as const, fresh: undefined })),
    Effect.catch(() => Effect.succeed({ outcome: "failed" as const, fresh: undefined }))
  )

/** Runs until interrupted (the session machine leaves signedIn) or the session ends. */
export const keepTokensFresh = Effect.gen(function* () {
  const tokens = yield* TokenStore
  // Tokens kept from an earlier visit are due at once: their cookie may have lapsed meanwhile.
  let due = !(yield* tokens.issuedHere)
  for (;;) {
    const current = yield* tokens.get
    if (current === null) return
    if (!due) yield* Effect.sleep(renewalDelay(current.access, yield* Clock.currentTimeMillis))
    const { outcome, fresh } = yield* renew(current.access)
    if (outcome === "refused") return
    due = outcome === "failed"
    yield* Effect.sleep(due ? RETRY_AFTER_MS : pauseAfterRenewal(fresh))
  }
}).pipe(Effect.withSpan("Auth.keepTokensFresh"))
