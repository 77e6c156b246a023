// Sends mail with nodemailer: over SMTP when SMTP_URL is set, otherwise each mail becomes one
// RFC 5322 .eml file in DATA_DIR/outbox (listed at /dev/outbox), so links work on a fresh machine.
import { join } from "node:path"
import { Context, Data, Effect, FiberSet, Layer } from "effect"
import nodemailer from "nodemailer"
import { writeToOutbox } from "../../mail/outbox.ts"
import { AppConfig } from "./AppConfig.ts"

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Where a reply goes, when not to the sender (a contact form's mail to sales: the asker). */
  readonly replyTo?: string
}

export class MailError extends Data.TaggedError("MailError")<{ readonly cause: unknown }> {}

export class Mailer extends Context.Service<
  Mailer,
  {
    readonly send: (mail: Mail) => Effect.Effect<void, MailError>
    /**
     * Sends without making the request wait: the answer then takes as long whether or not a mail
     * went out (no account enumeration by timing). A failure is logged; the user can ask again.
     */
    readonly sendInBackground: (mail: Mail) => Effect.Effect<void>
  }
>()("preparat/Mailer") {
  static readonly layer = Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const outbox = join(config.dataDir, "outbox")
      const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined
      const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" })
      yield* Effect.addFinalizer(() => Effect.sync(() => smtp?.close()))
      // Mails still being sent when the server stops are interrupted with it.
      const background = yield* FiberSet.make()

      const deliver = async (mail: Mail): Promise<void> => {
        const message = { from: config.mailFrom, ...mail }
        if (smtp) {
          await smtp.sendMail(message)
          return
        }
        const { message: eml } = await stream.sendMail(message)
        await writeToOutbox(outbox, Buffer.isBuffer(eml) ? eml : String(eml))
      }

      const send = Effect.fn("Mailer.send")(function* (mail: Mail) {
        yield* Effect.tryPromise({ try: () => deliver(mail), catch: (cause) => new MailError({ cause }) })
      })

      const sendInBackground = Effect.fn("Mailer.sendInBackground")(function* (mail: Mail) {
        yield* FiberSet.run(
          background,
          send(mail).pipe(Effect.catch((error) => Effect.logError("mail to", mail.to, "failed:", error.cause)))
        )
      })

      return Mailer.of({ send, sendInBackground })
    })
  )
}
