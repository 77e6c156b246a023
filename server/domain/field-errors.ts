// The rule messages and field lists of a 400 live with the contract (src/contract/field-errors.ts),
// since the SPA's client refuses input with the same words; the server's rules import them from here.
export { fieldErrorsOf, render } from "../../src/contract/field-errors.ts"
