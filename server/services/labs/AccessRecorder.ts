// Recently accessed, written behind. Opening a lab only notes the access in memory; the notes reach
// lab_recents together, in one transaction every FLUSH_MS, so opening a lab is a read and not a
// commit per click (on PostgreSQL a commit per open cost more than the rest of the request). The
// Recent page writes what is pending before it reads, so a user sees their own opens at once; a
// process that stops writes its notes on the way out, and one that dies loses at most the last
// FLUSH_MS of them, which only reorders a list of recent places.
import { Context, Effect, Layer, Schedule, Semaphore } from "effect"
import { sql } from "kysely"
import { isForeignKeyViolation } from "../../db/unique-violation.ts"
import { stamp } from "../../domain/clock.ts"
import { Database, sql as query } from "../platform/Database.ts"

/** Recently accessed keeps this many labs per user; older accesses are forgotten. */
export const RECENTS_KEPT = 100

/** How long an access may wait in memory before it is written. */
export const FLUSH_MS = 100

/** Rows per INSERT: three parameters each, well under SQLite's limit of bound parameters. */
const ROWS_PER_STATEMENT = 1000

interface Access {
  readonly userId: string
  readonly labId: string
  readonly at: string
}

export class AccessRecorder extends Context.Service<
  AccessRecorder,
  {
    /** Notes that the user opened the lab now. */
    readonly record: (userId: string, labId: string) => Effect.Effect<void>
    /** Writes every pending access, after any write already under way. */
    readonly flush: Effect.Effect<void>
  }
>()("preparat/AccessRecorder") {
  static readonly layer = Layer.effect(
    AccessRecorder,
    Effect.gen(function* () {
      const { db } = yield* Database
      // One access per user and lab: a later open of the same lab replaces the earlier note.
      let pending = new Map<string, Access>()
      // One write at a time, so that a flush returns only once what was pending before it is stored.
      const writing = yield* Semaphore.make(1)

      const write = (accesses: ReadonlyArray<Access>) => query(() => writeRetried(accesses))

      // The filter below reads the labs as its statement began; on PostgreSQL a lab deleted for good
      // in the moment after still fails the foreign key check at the statement's end, and the batch
      // with it (seen in CI). Written again, the filter no longer sees that lab.
      const writeRetried = async (accesses: ReadonlyArray<Access>, attempt = 1): Promise<void> => {
        try {
          await writeOnce(accesses)
        } catch (error) {
          if (attempt >= 3 || !isForeignKeyViolation(error)) throw error
          await writeRetried(accesses, attempt + 1)
        }
      }

      const writeOnce = (accesses: ReadonlyArray<Access>) =>
        db.transaction().execute(async (trx) => {
          for (let i = 0; i < accesses.length; i += ROWS_PER_STATEMENT) {
            // Only labs that still exist: one deleted for good since it was opened would fail the
            // foreign key, and with it the whole batch. (WHERE true: SQLite reads ON CONFLICT after
            // a bare SELECT as a join's.)
            const values = sql.join(accesses.slice(i, i + ROWS_PER_STATEMENT).map((a) => sql`(${a.userId}, ${a.labId}, ${a.at})`))
            await sql`INSERT INTO lab_recents (user_id, lab_id, accessed_at)
                SELECT v.column1, v.column2, v.column3 FROM (VALUES ${values}) v WHERE v.column2 IN (SELECT id FROM labs) AND true
                ON CONFLICT (user_id, lab_id) DO UPDATE SET accessed_at = excluded.accessed_at`.execute(trx)
          }
          // Older than each user's RECENTS_KEPT-th newest: a short walk down lab_recents_newest and
          // a range delete (usually of nothing), not a comparison of every entry with the kept list.
          for (const userId of new Set(accesses.map((a) => a.userId))) {
            await sql`DELETE FROM lab_recents WHERE user_id = ${userId} AND accessed_at < (
                SELECT accessed_at FROM lab_recents WHERE user_id = ${userId} ORDER BY accessed_at DESC LIMIT 1 OFFSET ${RECENTS_KEPT - 1})`.execute(
              trx
            )
          }
        })

      const flush = writing.withPermits(1)(
        Effect.suspend(() => {
          if (pending.size === 0) return Effect.void
          const taken = [...pending.values()]
          pending = new Map()
          return write(taken)
        })
      )

      const flushQuietly = flush.pipe(Effect.catchCause((cause) => Effect.logWarning("recent accesses could not be written", cause)))
      yield* Effect.forkScoped(Effect.repeat(flushQuietly, Schedule.spaced(FLUSH_MS)))
      yield* Effect.addFinalizer(() => flushQuietly)

      const record = (userId: string, labId: string) =>
        Effect.sync(() => {
          pending.set(`${userId} ${labId}`, { userId, labId, at: stamp() })
        })

      return AccessRecorder.of({ record, flush })
    })
  )
}
