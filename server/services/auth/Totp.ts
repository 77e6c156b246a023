// Time-based one-time passwords (RFC 6238) as authenticator apps compute them: SHA-1, 6 digits,
// 30-second steps, one step of clock drift either way. A code is accepted only for a time step later
// than the last one accepted, so a code (even one seen over a shoulder) never works twice.
import { Context, Effect, Layer } from "effect"
import { Secret, TOTP } from "otpauth"
import QRCode from "qrcode"

const ISSUER = "Preparat"
const PERIOD = 30

const totpFor = (secret: string, label = "") =>
  new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) })

export interface Enrolment {
  readonly secret: string
  readonly otpauthUri: string
  /** PNG data URL of the QR code of otpauthUri. */
  readonly qrCode: string
}

export class Totp extends Context.Service<
  Totp,
  {
    readonly enrol: (accountEmail: string) => Effect.Effect<Enrolment>
    /** The time step the code belongs to, if it is valid now and later than `lastStep`. */
    readonly verify: (secret: string, code: string, lastStep: number | null) => Effect.Effect<number | undefined>
  }
>()("preparat/Totp") {
  static readonly layer = Layer.succeed(
    Totp,
    Totp.of({
      enrol: Effect.fn("Totp.enrol")(function* (accountEmail: string) {
        const secret = new Secret({ size: 20 }).base32
        const otpauthUri = totpFor(secret, accountEmail).toString()
        const qrCode = yield* Effect.promise(() => QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 }))
        return { secret, otpauthUri, qrCode }
      }),
      verify: (secret: string, code: string, lastStep: number | null) =>
        Effect.sync(() => {
          const now = Date.now()
          const delta = totpFor(secret).validate({ token: code.trim(), timestamp: now, window: 1 })
          if (delta === null) return undefined
          const step = Math.floor(now / 1000 / PERIOD) + delta
          return lastStep !== null && step <= lastStep ? undefined : step
        }).pipe(Effect.withSpan("Totp.verify"))
    })
  )
}
