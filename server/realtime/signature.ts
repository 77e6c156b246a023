// Pusher's two signatures: the channel authorisation a client presents when it subscribes to a
// private channel, and the signed REST request a server SDK sends to publish an event.
import { createHash, createHmac, timingSafeEqual } from "node:crypto"

export interface AppCredentials {
  readonly appId: string
  readonly key: string
  readonly secret: string
}

const hmac = (secret: string, value: string) => createHmac("sha256", secret).update(value).digest("hex")

const equal = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * `key:signature` where signature = HMAC-SHA256(secret, "socket_id:channel"), or with channel data
 * "socket_id:channel:channel_data" (as Pusher signs presence channels). The embedded server signs
 * who subscribes into the channel data, so that it can end the subscription when they lose access.
 */
export const channelAuth = (app: AppCredentials, socketId: string, channel: string, channelData?: string): string =>
  `${app.key}:${hmac(app.secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)}`

export const verifyChannelAuth = (app: AppCredentials, socketId: string, channel: string, auth: unknown, channelData?: unknown): boolean =>
  typeof auth === "string" &&
  (channelData === undefined || typeof channelData === "string") &&
  equal(auth, channelAuth(app, socketId, channel, channelData as string | undefined))

/** The user an embedded channel authorisation was signed for, from its channel data. */
export const signedUser = (channelData: unknown): string | undefined => {
  if (typeof channelData !== "string") return undefined
  try {
    const value = JSON.parse(channelData) as { user_id?: unknown }
    return typeof value.user_id === "string" ? value.user_id : undefined
  } catch {
    return undefined
  }
}

/**
 * Verifies a REST call signed as the Pusher HTTP API specifies: the method, the path and the sorted
 * query (without auth_signature) signed with the secret; body_md5 must match the body; the timestamp
 * must be within 600 seconds so a captured request cannot be replayed later.
 */
export const verifyRestRequest = (
  app: AppCredentials,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000)
): boolean => {
  const signature = query.get("auth_signature")
  if (!signature || query.get("auth_key") !== app.key) return false
  const timestamp = Number(query.get("auth_timestamp"))
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > 600) return false
  if (body.length > 0 && query.get("body_md5") !== createHash("md5").update(body).digest("hex")) return false
  const canonical = [...query.entries()]
    .filter(([k]) => k !== "auth_signature")
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&")
  return equal(signature, hmac(app.secret, `${method.toUpperCase()}\n${path}\n${canonical}`))
}
