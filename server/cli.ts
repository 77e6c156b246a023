// The operator's command line for staff and payments (npm run staff -- <command>), run where the
// server runs, with the same environment (DATA_DIR, DATABASE_URL, SMTP_URL, ...):
//
//   grant <email>                      make an account staff (only here: never through the API)
//   revoke <email>                     take it back
//   list                               the staff accounts
//   payments                           invoices waiting for verification, oldest receipt first
//   accept <invoice>                   accept a payment (the invoice's id or number)
//   reject <invoice> --reason "..."    reject it, telling the user why
//
// Decisions go through the same PaymentReview as the staff page, recorded as the "operator"; their
// mails are sent before the command ends, and a running server publishes their realtime events.
import { parseArgs } from "node:util"
import { Cause, Effect, Exit, Layer, ManagedRuntime } from "effect"
import { loadConfig } from "./config.ts"
import { paging } from "./domain/paging.ts"
import { day } from "./mail/billing.ts"
import { formatIdr } from "../src/contract/money.ts"
import { AppConfig } from "./services/platform/AppConfig.ts"
import { BlobStore } from "./services/platform/BlobStore.ts"
import { Database } from "./services/platform/Database.ts"
import { EventLog } from "./services/platform/EventLog.ts"
import { Mailer } from "./services/platform/Mailer.ts"
import { Notifications } from "./services/platform/Notifications.ts"
import { PaymentReview } from "./services/billing/PaymentReview.ts"
import { NoSuchAccount, OPERATOR, StaffRoles } from "./services/auth/StaffRoles.ts"

const USAGE = `Usage: npm run staff -- <command>

  grant <email>                    make an account staff
  revoke <email>                   remove an account from staff
  list                             list staff accounts
  payments                         invoices waiting for verification, oldest first
  accept <invoice>                 accept a payment (invoice id or number)
  reject <invoice> --reason "..."  reject a payment with the reason the user is told`

class UsageError extends Error {}

/** A mailer that waits for each mail: a command's mails must leave before it exits. */
const waitingMailer = Layer.effect(
  Mailer,
  Effect.gen(function* () {
    const mailer = yield* Mailer
    return Mailer.of({
      ...mailer,
      sendInBackground: (mail) =>
        mailer.send(mail).pipe(Effect.catch((error) => Effect.logError("mail to", mail.to, "failed:", error.cause)))
    })
  })
).pipe(Layer.provide(Mailer.layer))

const services = () => {
  const config = loadConfig()
  const base = Layer.mergeAll(AppConfig.layer(config), Database.layer(config))
  const basics = Layer.mergeAll(EventLog.layer, BlobStore.layer, waitingMailer, Notifications.layer).pipe(Layer.provideMerge(base))
  const staff = StaffRoles.layer.pipe(Layer.provideMerge(basics))
  return PaymentReview.layer.pipe(Layer.provideMerge(staff))
}

const line = (...cells: ReadonlyArray<string>) => console.log(cells.join("  "))

const program = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const { positionals, values } = parseArgs({ args: [...argv], allowPositionals: true, options: { reason: { type: "string" } } })
    const [command, target] = positionals
    const roles = yield* StaffRoles
    const review = yield* PaymentReview
    const need = (what: string) => {
      if (!target) throw new UsageError(`${command} needs ${what}.\n\n${USAGE}`)
      return target
    }

    switch (command) {
      case "grant":
      case "revoke": {
        const email = need("an email address")
        const changed = yield* command === "grant" ? roles.grant(email) : roles.revoke(email)
        console.log(
          changed
            ? `${email} is ${command === "grant" ? "now" : "no longer"} staff.`
            : `${email} was already ${command === "grant" ? "" : "not "}staff.`
        )
        return
      }
      case "list": {
        const staff = yield* roles.list()
        if (staff.length === 0) console.log("No staff accounts.")
        for (const member of staff) line(member.email, member.name)
        return
      }
      case "payments": {
        const result = paging({ limit: 100 }, 100)
        if (!result.ok) return
        const { results, count } = yield* review.list("waiting", result.paging)
        if (count === 0) console.log("No payments waiting for verification.")
        for (const invoice of results)
          line(
            invoice.number,
            invoice.id,
            invoice.user.email,
            invoice.tier_name,
            formatIdr("en", invoice.amount),
            `receipt ${invoice.proof?.uploaded_at ?? "-"}`,
            `verify by ${invoice.verify_by ? day("en", invoice.verify_by) : "-"}`
          )
        if (count > results.length) console.log(`... and ${count - results.length} more.`)
        return
      }
      case "accept": {
        const invoice = yield* review.accept(OPERATOR, need("an invoice id or number"))
        console.log(
          `${invoice.number} accepted: ${invoice.tier_name} until ${invoice.period?.ends_at ?? "-"}; ${invoice.user.email} was told.`
        )
        return
      }
      case "reject": {
        const ref = need("an invoice id or number")
        const reason = values.reason?.trim()
        if (!reason) throw new UsageError(`reject needs --reason "...": the user is told why.\n\n${USAGE}`)
        const invoice = yield* review.reject(OPERATOR, ref, reason)
        console.log(`${invoice.number} rejected; ${invoice.user.email} was told why.`)
        return
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE)
    }
  })

const runtime = ManagedRuntime.make(services())
const exit = await runtime.runPromiseExit(program(process.argv.slice(2)))
await runtime.dispose()
if (Exit.isFailure(exit)) {
  const error = Cause.squash(exit.cause)
  if (error instanceof UsageError) console.error(error.message)
  else if (error instanceof NoSuchAccount) console.error(`No account with the email ${error.email}.`)
  else if (error && typeof error === "object" && "message" in error) console.error(String((error as { message: unknown }).message))
  else console.error(Cause.pretty(exit.cause))
  process.exitCode = 1
}
