// The database as an Effect service: the Kysely instance, which engine it is, and a transaction
// helper so that each change and its domain event are written together.
import { Context, Effect, Exit, Layer } from "effect"
import type { Kysely } from "kysely"
import type { Config } from "../../config.ts"
import { type Db, openDatabase } from "../../db/database.ts"
import type { Engine } from "../../db/migrations.ts"
import type { Database as Tables } from "../../db/schema.ts"

/** A transaction or the plain database: query helpers take either. */
export type Trx = Kysely<Tables>

export class Database extends Context.Service<
  Database,
  {
    readonly db: Db
    readonly engine: Engine
    /**
     * Runs `fn` in one transaction: committed when the effect succeeds, rolled back when it fails
     * (so a 400 changes nothing) or dies. Inside, query only through `trx`: on SQLite the one
     * connection is held by the transaction.
     */
    readonly transaction: <A, E, R>(fn: (trx: Trx) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    /** A plain query outside a transaction. */
    readonly query: <A>(fn: (db: Db) => Promise<A>) => Effect.Effect<A>
    /**
     * Calls `listener` after every committed transaction (e.g. to publish the events it wrote
     * without polling); returns the function that stops it.
     */
    readonly onCommit: (listener: () => void) => () => void
  }
>()("preparat/Database") {
  static readonly layer = (config: Pick<Config, "databaseUrl" | "dataDir">) =>
    Layer.effect(
      Database,
      Effect.acquireRelease(
        Effect.promise(() => openDatabase(config)),
        ({ db }) => Effect.promise(() => db.destroy())
      ).pipe(
        Effect.map(({ db, engine }) => {
          const commitListeners = new Set<() => void>()
          // A commit that fails (a full disk, a deferred constraint) leaves the transaction open and
          // its connection held: every later query would wait for it forever. Roll it back, which
          // always releases the connection, then report the commit's own failure (a 500).
          const commit = (trx: Awaited<ReturnType<ReturnType<Db["startTransaction"]>["execute"]>>) =>
            trx
              .commit()
              .execute()
              .catch(async (error: unknown) => {
                await trx
                  .rollback()
                  .execute()
                  .catch(() => undefined)
                throw error
              })
          const committed = () => {
            for (const listener of commitListeners) listener()
          }
          return Database.of({
            db,
            engine,
            transaction: (fn) =>
              Effect.acquireUseRelease(
                Effect.promise(() => db.startTransaction().execute()),
                (trx) => fn(trx),
                (trx, exit) => Effect.promise(() => (Exit.isSuccess(exit) ? commit(trx).then(committed) : trx.rollback().execute()))
              ),
            query: (fn) => Effect.promise(() => fn(db)),
            onCommit: (listener) => {
              commitListeners.add(listener)
              return () => commitListeners.delete(listener)
            }
          })
        })
      )
    )
}

/** Runs one query promise as an Effect; a database error is a defect (500), never a client error. */
export const sql = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)
