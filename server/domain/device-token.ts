// Device tokens (OWASP's "device cookies" against online guessing): a browser that has signed in to
// an account keeps a token naming that account, signed by the server. Its sign-in attempts are then
// limited per device instead of against the account as a whole, so an attacker elsewhere who spends
// the account's attempts cannot lock its owner out of their own browser.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"

const mac = (secret: string, email: string, device: string) =>
  createHmac("sha256", secret).update(`device:${email}:${device}`).digest("base64url")

/** A new token for `email` (already normalised). */
export const issueDeviceToken = (secret: string, email: string): string => {
  const device = randomBytes(16).toString("base64url")
  return `${device}.${mac(secret, email, device)}`
}

/** The device's id if `token` was issued by this server for `email`; undefined otherwise. */
export const deviceOf = (secret: string, email: string, token: string | undefined): string | undefined => {
  if (!token) return undefined
  const [device, signature, extra] = token.split(".")
  if (!device || !signature || extra !== undefined || device.length > 64) return undefined
  const expected = Buffer.from(mac(secret, email, device))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? device : undefined
}
