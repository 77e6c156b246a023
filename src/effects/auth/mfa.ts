// Turning two-factor authentication on and off for the signed-in user.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

/** A new secret with its QR code (a data URL the server renders). */
export const startMfaSetup = Effect.fn("Auth.startMfaSetup")(function* () {
  const answer = yield* call(endpoints.authAccount.setupMfa)
  return answer.data
})

/** Proves the authenticator works; 2FA is on from here, and the backup codes are shown this once. */
export const verifyMfaSetup = Effect.fn("Auth.verifyMfaSetup")(function* (otp: string) {
  const answer = yield* call(endpoints.authAccount.verifySetupMfa, { payload: { otp } })
  return answer.data.backup_codes
})

export const disableMfa = Effect.fn("Auth.disableMfa")(function* (password: string) {
  yield* call(endpoints.authAccount.disableMfa, { payload: { password } })
})
