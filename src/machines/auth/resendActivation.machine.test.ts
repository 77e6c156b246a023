import { expect, it } from "vitest"
import { mailRequestMachine } from "./mailRequest.machine.ts"
import { resendActivationMachine } from "./resendActivation.machine.ts"
import { describeMailRequestModel } from "../../testing/mailRequestModel.ts"

describeMailRequestModel("resendActivation", resendActivationMachine)

it("provides its own program in place of the shared placeholder", () => {
  expect(resendActivationMachine.implementations.actors.sendMail).not.toBe(mailRequestMachine.implementations.actors.sendMail)
})
