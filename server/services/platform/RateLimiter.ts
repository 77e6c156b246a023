// Fixed-window attempt counters in the database (table rate_limits), so every server process sees
// the same counts. A key names what is limited, e.g. `login:<email>` or `login-ip:<ip>`.
//
// An attempt is counted before it is checked, in one atomic upsert per key: attempts sent in
// parallel are each counted as they arrive, so no more than the limit ever reach the password or
// code check. An attempt that succeeds is then refunded where only failures should count.
import { Context, Effect, Layer } from "effect"
import { TooManyRequests } from "../../../src/contract/errors.ts"
import { messages } from "../../domain/messages.ts"
import { AppConfig } from "./AppConfig.ts"
import { Database, sql } from "./Database.ts"

/** One network address may carry many people (an office, a hospital network), so it gets more. */
export const ADDRESS_FACTOR = 10

export interface Limit {
  readonly key: string
  /** "address" limits allow ADDRESS_FACTOR times the configured attempts; "account" ones the number itself. */
  readonly per?: "account" | "address"
  /** How many this attempt counts for (e.g. the mails one request sends); 1 unless told. */
  readonly cost?: number
  /** An explicit allowance per window, instead of the configured one (not scaled by `per`). */
  readonly max?: number
  /** A window of its own instead of the configured one (e.g. invoices issued per address per day). */
  readonly windowSeconds?: number
}

export class RateLimiter extends Context.Service<
  RateLimiter,
  {
    /** Counts this attempt against every key, then fails with 429 if it went over any limit. */
    readonly attempt: (...limits: ReadonlyArray<Limit>) => Effect.Effect<void, TooManyRequests>
    /**
     * Counts this attempt against the key and answers whether it is within the limit, without
     * refusing: for caps the caller applies silently (a mail not sent, the answer unchanged).
     */
    readonly allows: (limit: Limit) => Effect.Effect<boolean>
    /** True (and marks the key used now) unless the key was used less than `seconds` ago. */
    readonly cooldown: (key: string, seconds: number) => Effect.Effect<boolean>
    /** Gives back an attempt that succeeded, where only failures count (never below zero). */
    readonly refund: (...limits: ReadonlyArray<Limit>) => Effect.Effect<void>
    /** Forgets a key, e.g. an account's failed sign-ins after it signs in. */
    readonly reset: (key: string) => Effect.Effect<void>
  }
>()("preparat/RateLimiter") {
  static readonly layer = Layer.effect(
    RateLimiter,
    Effect.gen(function* () {
      const { db } = yield* Database
      const config = yield* AppConfig
      const nowSeconds = () => Math.floor(Date.now() / 1000)
      const windowSecondsOf = (limit: Limit) => limit.windowSeconds ?? config.rateLimit.windowSeconds
      const windowOf = (now: number, limit: Limit) => now - (now % windowSecondsOf(limit))
      const limitOf = (limit: Limit) => limit.max ?? config.rateLimit.attempts * (limit.per === "address" ? ADDRESS_FACTOR : 1)

      const tooMany = (now: number, limit: Limit) => {
        const retryAfter = windowOf(now, limit) + windowSecondsOf(limit) - now
        return new TooManyRequests({ message: messages.tooManyAttempts(retryAfter), retry_after: retryAfter })
      }

      // One atomic upsert: a new window restarts the count at `cost`, the current one adds `cost`.
      const increment = (key: string, windowStart: number, cost = 1) =>
        sql(() =>
          db
            .insertInto("rate_limits")
            .values({ key, window_start: windowStart, count: cost })
            .onConflict((oc) =>
              oc.column("key").doUpdateSet((eb) => ({
                count: eb
                  .case()
                  .when("rate_limits.window_start", "=", windowStart)
                  .then(eb("rate_limits.count", "+", cost))
                  .else(cost)
                  .end(),
                window_start: windowStart
              }))
            )
            .returning("count")
            .executeTakeFirstOrThrow()
        ).pipe(Effect.map((row) => row.count))

      const attempt = Effect.fn("RateLimiter.attempt")(function* (...limits: ReadonlyArray<Limit>) {
        const now = nowSeconds()
        let over: Limit | undefined
        for (const limit of limits) {
          if ((yield* increment(limit.key, windowOf(now, limit), limit.cost)) > limitOf(limit)) over = limit
        }
        if (over) return yield* tooMany(now, over)
      })

      const allows = Effect.fn("RateLimiter.allows")(function* (limit: Limit) {
        return (yield* increment(limit.key, windowOf(nowSeconds(), limit), limit.cost)) <= limitOf(limit)
      })

      // One atomic upsert that only succeeds when the key is new or its last use is old enough:
      // two requests at once cannot both pass. window_start holds the time of the last use here.
      const cooldown = Effect.fn("RateLimiter.cooldown")(function* (key: string, seconds: number) {
        const now = nowSeconds()
        const row = yield* sql(() =>
          db
            .insertInto("rate_limits")
            .values({ key, window_start: now, count: 1 })
            .onConflict((oc) =>
              oc
                .column("key")
                .doUpdateSet({ window_start: now, count: 1 })
                .where("rate_limits.window_start", "<=", now - seconds)
            )
            .returning("count")
            .executeTakeFirst()
        )
        return row !== undefined
      })

      const refund = Effect.fn("RateLimiter.refund")(function* (...limits: ReadonlyArray<Limit>) {
        const now = nowSeconds()
        for (const limit of limits) {
          yield* sql(() =>
            db
              .updateTable("rate_limits")
              .set((eb) => ({ count: eb("count", "-", 1) }))
              .where("key", "=", limit.key)
              .where("window_start", "=", windowOf(now, limit))
              .where("count", ">", 0)
              .execute()
          )
        }
      })

      const reset = Effect.fn("RateLimiter.reset")(function* (key: string) {
        yield* sql(() => db.deleteFrom("rate_limits").where("key", "=", key).execute())
      })

      return RateLimiter.of({ attempt, allows, cooldown, refund, reset })
    })
  )
}
