// Contact us about plans: the question goes to the sales address (configuration) with the asker as
// Reply-To, and a copy to the asker. Only signed-in accounts may ask, from their own address, so the
// form cannot send mail to strangers; attempts are counted per account and per network address.
import { Context, Effect, Layer } from "effect"
import { ServiceUnavailable, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { ContactPayload } from "../../../src/contract/billing.ts"
import { findPlan } from "../../domain/plans.ts"
import { contactConfirmationMail, salesContactMail } from "../../mail/billing.ts"
import { mailUserOf } from "../../db/users.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { Mailer } from "../platform/Mailer.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"

const optional = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim())

export class SalesContact extends Context.Service<
  SalesContact,
  {
    /** `address`: the caller's rate-limit address (ClientInfo.limitKey). */
    readonly ask: (userId: string, address: string, question: ContactPayload) => Effect.Effect<void, TooManyRequests | ServiceUnavailable>
  }
>()("preparat/SalesContact") {
  static readonly layer = Layer.effect(
    SalesContact,
    Effect.gen(function* () {
      const { db } = yield* Database
      const config = yield* AppConfig
      const mailer = yield* Mailer
      const limiter = yield* RateLimiter

      const ask = Effect.fn("SalesContact.ask")(function* (userId: string, address: string, question: ContactPayload) {
        yield* limiter.attempt({ key: `contact-sales:${userId}` }, { key: `contact-sales-ip:${address}`, per: "address" })
        const user = yield* sql(() => mailUserOf(db, userId))
        if (!user) return
        const planId = optional(question.plan_id)
        const facts = {
          name: user.name,
          email: user.email,
          plan: planId ? (findPlan(planId)?.name ?? planId) : undefined,
          phone: optional(question.phone),
          company: optional(question.company),
          details: question.details.trim()
        }
        // Sales must have it: a mail server that refuses is the user's to hear of (503, ask again).
        yield* mailer
          .send({ to: config.billing.salesEmail, replyTo: user.email, ...salesContactMail(facts) })
          .pipe(
            Effect.catchTag("MailError", () =>
              Effect.fail(new ServiceUnavailable({ message: "The message could not be sent. Please try again." }))
            )
          )
        yield* mailer.sendInBackground({ to: user.email, ...contactConfirmationMail(user.locale, facts) })
      })

      return SalesContact.of({ ask })
    })
  )
}
