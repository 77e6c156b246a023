// The password policy (src/contract/rules.ts) as separate checks, so the registration form can show
// which parts a password already meets while it is typed.
import { PASSWORD_MIN } from "../../contract/rules.ts"

export type PolicyPart = "length" | "uppercase" | "digit" | "special"

export const policyParts: ReadonlyArray<PolicyPart> = ["length", "uppercase", "digit", "special"]

const tests: Readonly<Record<PolicyPart, (password: string) => boolean>> = {
  length: (p) => p.length >= PASSWORD_MIN,
  uppercase: (p) => /[A-Z]/.test(p),
  digit: (p) => /\d/.test(p),
  special: (p) => /[@$!%*?]/.test(p)
}

export const policyMet = (password: string): Readonly<Record<PolicyPart, boolean>> => ({
  length: tests.length(password),
  uppercase: tests.uppercase(password),
  digit: tests.digit(password),
  special: tests.special(password)
})
