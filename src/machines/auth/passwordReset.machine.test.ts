import { expect, it } from "vitest"
import { mailRequestMachine } from "./mailRequest.machine.ts"
import { passwordResetMachine } from "./passwordReset.machine.ts"
import { describeMailRequestModel } from "../../testing/mailRequestModel.ts"

describeMailRequestModel("passwordReset", passwordResetMachine)

it("provides its own program in place of the shared placeholder", () => {
  expect(passwordResetMachine.implementations.actors.sendMail).not.toBe(mailRequestMachine.implementations.actors.sendMail)
})
