// The staff middleware: inside Authorization, a signed-in user who is not staff is refused with the
// 403 of the endpoint's group before anything of the endpoint (its input included) is looked at.
import { Effect, Layer } from "effect"
import { Forbidden } from "../../src/contract/errors.ts"
import { CurrentUser, StaffOnly } from "../../src/contract/middleware.ts"
import { billingMessages } from "../domain/billing-messages.ts"
import { scanRequestMessages } from "../domain/scan-request-messages.ts"
import { StaffRoles } from "../services/auth/StaffRoles.ts"

/** What each staff group answers someone who is not staff. */
const refusals: Record<string, () => Forbidden> = {
  paymentReview: () => new Forbidden({ message: billingMessages.staffOnly, code: "staff_only" }),
  scanRequests: () => new Forbidden({ message: scanRequestMessages.staffOnly })
}

export const StaffOnlyLive = Layer.effect(
  StaffOnly,
  Effect.gen(function* () {
    const roles = yield* StaffRoles
    return StaffOnly.of((httpEffect, { group }) =>
      Effect.gen(function* () {
        const user = yield* CurrentUser
        if (yield* roles.isStaff(user.id)) return yield* httpEffect
        const refusal = refusals[group.identifier]
        if (!refusal) return yield* Effect.die(new Error(`StaffOnly on group ${group.identifier}, which has no refusal`))
        return yield* refusal()
      })
    )
  })
)
