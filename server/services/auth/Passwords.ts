// Password hashing with argon2id at OWASP's recommended parameters (19 MiB memory, 2 passes,
// 1 lane). @node-rs/argon2 runs the work off the event loop.
import { hash, verify } from "@node-rs/argon2"
import { Context, Effect, Layer } from "effect"

const OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export class Passwords extends Context.Service<
  Passwords,
  {
    readonly hash: (plain: string) => Effect.Effect<string>
    /** False for a wrong password or a malformed hash. */
    readonly verify: (hashed: string, plain: string) => Effect.Effect<boolean>
    /**
     * Spends the time of one verification when there is no account to check, so the answer time
     * does not tell whether an email is registered.
     */
    readonly verifyNothing: (plain: string) => Effect.Effect<void>
  }
>()("preparat/Passwords") {
  static readonly layer = Layer.effect(
    Passwords,
    Effect.gen(function* () {
      const dummy = yield* Effect.promise(() => hash("preparat-timing-equaliser", OWASP))
      const hashPassword = Effect.fn("Passwords.hash")(function* (plain: string) {
        return yield* Effect.promise(() => hash(plain, OWASP))
      })
      const verifyPassword = Effect.fn("Passwords.verify")(function* (hashed: string, plain: string) {
        return yield* Effect.promise(() => verify(hashed, plain).catch(() => false))
      })
      const verifyNothing = Effect.fn("Passwords.verifyNothing")(function* (plain: string) {
        yield* Effect.promise(() => verify(dummy, plain).catch(() => false))
      })
      return Passwords.of({ hash: hashPassword, verify: verifyPassword, verifyNothing })
    })
  )
}
