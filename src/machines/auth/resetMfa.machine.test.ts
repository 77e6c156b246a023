import { expect, it } from "vitest"
import { mailRequestMachine } from "./mailRequest.machine.ts"
import { resetMfaMachine } from "./resetMfa.machine.ts"
import { describeMailRequestModel } from "../../testing/mailRequestModel.ts"

describeMailRequestModel("resetMfa", resetMfaMachine)

it("provides its own program in place of the shared placeholder", () => {
  expect(resetMfaMachine.implementations.actors.sendMail).not.toBe(mailRequestMachine.implementations.actors.sendMail)
})
