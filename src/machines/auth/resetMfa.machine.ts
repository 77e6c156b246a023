// /reset-mfa without a link: ask for a 2FA reset link (following the link is resetMfaConfirm).
import { requestMfaReset } from "../../effects/auth/recovery.ts"
import { fromEffect } from "../support/fromEffect.ts"
import { mailRequestMachine } from "./mailRequest.machine.ts"

export const resetMfaMachine = mailRequestMachine.provide({
  actors: { sendMail: fromEffect(({ email, locale }) => requestMfaReset(email, locale)) }
})
