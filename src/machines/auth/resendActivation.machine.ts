// /unverified: ask for a new activation link.
import { resendActivation } from "../../effects/auth/registration.ts"
import { fromEffect } from "../support/fromEffect.ts"
import { mailRequestMachine } from "./mailRequest.machine.ts"

export const resendActivationMachine = mailRequestMachine.provide({
  actors: { sendMail: fromEffect(({ email, locale }) => resendActivation(email, locale)) }
})
