// Sends committed domain events to their realtime channels. It wakes on every commit (no polling
// delay) and also once a second, and it starts by sending whatever an earlier process wrote but did
// not get to publish before it died: nothing is lost between the database and the channel.
//
// Several servers on one PostgreSQL each run a publisher (each wakes on its own commits). A batch is
// taken under a transaction-scoped advisory lock, so one publisher at a time reads, sends and marks:
// each event is sent once, in log order, whichever server it was written on; another server's
// publisher waits for the lock and then finds the batch marked. A server that dies holding it
// releases it with its connection. SQLite serves one server (its file is local), so it needs no lock.
import { Effect, Exit, Latch, Layer } from "effect"
import { type Kysely, sql as rawSql } from "kysely"
import { linksOf } from "../../db/lab-access.ts"
import type { Database as DatabaseSchema } from "../../db/schema.ts"
import { decodeLogged, type LoggedEvent } from "../../domain/events.ts"
import { routeEvent } from "../../domain/realtime-routing.ts"
import { accessFromChain } from "../../domain/standing.ts"
import { Database } from "./Database.ts"
import { Peers } from "./Peers.ts"
import { Realtime } from "./Realtime.ts"

const BATCH = 500

/** The advisory lock's key, any number no other lock of this database uses ("prep" in ASCII). */
const PUBLISHING_LOCK = 0x70726570

/** Kinds sent on a slide's channel naming who made the change (realtime-routing.ts, onSlide). */
const SLIDE_CHANGES: ReadonlySet<string> = new Set([
  "annotation.created",
  "annotation.updated",
  "annotation.deleted",
  "annotation.bulk_changed",
  "label.changed",
  "chat.message_sent",
  "comment.replied",
  "comment.reply_edited"
])

/** Which of the slides these changes were made on are public now, so whoever listens may be a stranger. */
const publicSlides = async (db: Kysely<DatabaseSchema>, events: ReadonlyArray<LoggedEvent>): Promise<ReadonlySet<string>> => {
  const ids = events.flatMap((e) => (SLIDE_CHANGES.has(e.kind) && e.lab_id !== null ? [e.lab_id] : []))
  const links = await linksOf(db, ids, undefined)
  return new Set([...links].flatMap(([id, chain]) => (accessFromChain(chain, undefined).isPublic ? [id] : [])))
}
const IDLE_WAKE = "1 second"

/**
 * Runs `body` alone among every server's publishers: in a transaction holding the advisory lock on
 * PostgreSQL. Not Database.transaction, whose commit wakes the publishers: this one would wake itself.
 */
const alone = <A, R>(body: (db: Kysely<DatabaseSchema>) => Effect.Effect<A, never, R>) =>
  Effect.gen(function* () {
    const { db, engine } = yield* Database
    if (engine === "sqlite") return yield* body(db)
    return yield* Effect.acquireUseRelease(
      Effect.promise(() => db.startTransaction().execute()),
      (trx) =>
        Effect.andThen(
          Effect.promise(() => rawSql`select pg_advisory_xact_lock(${PUBLISHING_LOCK})`.execute(trx)),
          body(trx)
        ),
      (trx, exit) => Effect.promise(() => (Exit.isSuccess(exit) ? trx.commit().execute() : trx.rollback().execute()))
    )
  })

const publishBatch = Effect.fn("EventPublisher.publishBatch")(function* (db: Kysely<DatabaseSchema>) {
  const realtime = yield* Realtime
  const rows = yield* Effect.promise(() =>
    db.selectFrom("events").selectAll().where("published_at", "is", null).orderBy("seq").limit(BATCH).execute()
  )
  if (rows.length === 0) return 0
  const events: LoggedEvent[] = []
  for (const row of rows) {
    const event = decodeLogged(row)
    if (event) events.push(event)
    // Written by another version, or by hand: reported and passed over (marked below with the
    // rest), so one bad row can neither stop publishing nor be retried forever.
    else yield* Effect.logError(`event ${row.seq} (${row.kind}) does not decode as a domain event; not published`, row.payload)
  }
  const publicLabs = yield* Effect.promise(() => publicSlides(db, events))
  yield* realtime.publish(events.flatMap((event) => routeEvent(event, publicLabs)))
  // Marked after sending: a crash in between sends an event twice rather than never.
  yield* Effect.promise(() =>
    db
      .updateTable("events")
      .set({ published_at: new Date().toISOString() })
      .where(
        "seq",
        "in",
        rows.map((r) => r.seq)
      )
      .execute()
  )
  return rows.length
})

/** Publishes one batch of unpublished events in log order; answers how many it handled. */
export const publishPending = () => alone(publishBatch)

export const EventPublisher = Layer.effectDiscard(
  Effect.gen(function* () {
    const database = yield* Database
    const peers = yield* Peers
    if (!peers.publishes) {
      // Another process publishes (a cluster's worker 0): tell it at once when this one commits.
      const stop = database.onCommit(peers.wakePublisher)
      yield* Effect.addFinalizer(() => Effect.sync(stop))
      return
    }
    const wake = yield* Latch.make(true)
    const stopLocal = database.onCommit(() => Latch.openUnsafe(wake))
    const stopPeers = peers.onWake(() => Latch.openUnsafe(wake))
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        stopLocal()
        stopPeers()
      })
    )
    const loop = Effect.gen(function* () {
      yield* Latch.await(wake).pipe(Effect.timeoutOption(IDLE_WAKE))
      yield* Latch.close(wake)
      // Drain fully: a burst of changes may leave more than one batch.
      while ((yield* publishPending()) === BATCH) {
        /* next batch */
      }
    }).pipe(
      // A publishing failure (e.g. the external service is down) is retried on the next wake.
      Effect.catchCause((cause) => Effect.logWarning("realtime publishing failed; will retry", cause)),
      Effect.forever
    )
    yield* Effect.forkScoped(loop)
  })
)
