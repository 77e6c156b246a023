// The append-only domain event log (table events). Every change records its event inside the
// caller's transaction, so the change and its event commit or roll back together. Events stay
// unpublished (published_at null) until the realtime publisher sends them after commit. Only the
// events of server/domain/events.ts can be recorded; their payloads are the activity page's detail,
// so they never carry secrets (no passwords, tokens, codes).
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Activity } from "../../../src/contract/auth.ts"
import type { NewEvent } from "../../domain/events.ts"
import { Database, sql, type Trx } from "./Database.ts"

export interface ActivityPage {
  readonly results: ReadonlyArray<Activity>
  readonly count: number
}

export class EventLog extends Context.Service<
  EventLog,
  {
    readonly record: (trx: Trx, event: NewEvent) => Effect.Effect<void>
    /** The actor's events, newest first; `page` counts from 1. */
    readonly listForActor: (userId: string, page: number, limit: number) => Effect.Effect<ActivityPage>
  }
>()("preparat/EventLog") {
  static readonly layer = Layer.effect(
    EventLog,
    Effect.gen(function* () {
      const { db } = yield* Database

      const record = Effect.fn("EventLog.record")(function* (trx: Trx, event: NewEvent) {
        yield* sql(() =>
          trx
            .insertInto("events")
            .values({
              id: event.id ?? randomUUID(),
              actor_id: event.actorId,
              kind: event.kind,
              lab_id: event.labId ?? null,
              invoice_id: event.invoiceId ?? null,
              payload: JSON.stringify(event.payload),
              created_at: new Date().toISOString(),
              published_at: null
            })
            .execute()
        )
      })

      const listForActor = Effect.fn("EventLog.listForActor")(function* (userId: string, page: number, limit: number) {
        const [rows, total] = yield* Effect.all([
          sql(() =>
            db
              .selectFrom("events as e")
              .leftJoin("labs as l", "l.id", "e.lab_id")
              .select(["e.id", "e.kind", "e.created_at", "e.payload", "e.lab_id", "l.name", "l.is_dir", "l.deleted_at"])
              .where("e.actor_id", "=", userId)
              .orderBy("e.seq", "desc")
              .limit(limit)
              .offset((page - 1) * limit)
              .execute()
          ),
          sql(() =>
            db
              .selectFrom("events")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("actor_id", "=", userId)
              .executeTakeFirst()
          )
        ])
        // The lab each one is about, as it is now, so the page can name it (and link it while it exists).
        const results = rows.map(
          (row): Activity => ({
            id: row.id,
            kind: row.kind,
            created_at: row.created_at,
            detail: JSON.parse(row.payload) as Record<string, unknown>,
            ...(row.lab_id === null
              ? {}
              : {
                  lab:
                    row.name === null
                      ? null
                      : { id: row.lab_id, name: row.name, is_dir: row.is_dir === 1, in_trash: row.deleted_at !== null }
                })
          })
        )
        return { results, count: Number(total?.n ?? 0) }
      })

      return EventLog.of({ record, listForActor })
    })
  )
}
