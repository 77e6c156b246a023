// /reset-password: ask for a password reset link (its confirmation is passwordResetConfirm).
import { requestPasswordReset } from "../../effects/auth/recovery.ts"
import { fromEffect } from "../support/fromEffect.ts"
import { mailRequestMachine } from "./mailRequest.machine.ts"

export const passwordResetMachine = mailRequestMachine.provide({
  actors: { sendMail: fromEffect(({ email, locale }) => requestPasswordReset(email, locale)) }
})
