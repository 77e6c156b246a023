// Turning two-factor authentication on and off for the signed-in user.
import { Effect } from "effect"
import { BackupCodes, MfaSetup } from "../../contract/auth.ts"
import { Ok } from "../../contract/envelope.ts"
import { Api } from "../Api.ts"
import { Acknowledged } from "./acknowledged.ts"

/** A new secret with its QR code (a data URL the server renders). */
export const startMfaSetup = Effect.fn("Auth.startMfaSetup")(function* () {
  const api = yield* Api
  const answer = yield* api.request({ method: "POST", path: "/v2/auth/setup-mfa/", success: Ok(MfaSetup) })
  return answer.data
})

/** Proves the authenticator works; 2FA is on from here, and the backup codes are shown this once. */
export const verifyMfaSetup = Effect.fn("Auth.verifyMfaSetup")(function* (otp: string) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "POST",
    path: "/v2/auth/verify-setup-mfa/",
    body: { otp },
    success: Ok(BackupCodes)
  })
  return answer.data.backup_codes
})

export const disableMfa = Effect.fn("Auth.disableMfa")(function* (password: string) {
  const api = yield* Api
  yield* api.request({ method: "POST", path: "/v2/auth/disable-mfa/", body: { password }, success: Acknowledged })
})
