// /password-reset-confirm/{uid}/{token}: choose a new password for the account of the emailed link.
import { type ResetConfirmPayload as Payload, ResetConfirmPayload } from "../../contract/auth.ts"
import { confirmPasswordReset } from "../../effects/auth/recovery.ts"
import { validate } from "../support/validate.ts"
import { linkConfirmFor } from "./linkConfirm.machine.ts"

export const passwordResetConfirmMachine = linkConfirmFor<Payload>({
  check: (payload) => validate(ResetConfirmPayload, payload),
  confirm: confirmPasswordReset
})
