// The database as an Effect service: the Kysely instance, which engine it is, and a transaction
// helper so that each change and its domain event are written together.
import { Context, Effect, Layer } from "effect"
import type { Transaction } from "kysely"
import type { Config } from "../config.ts"
import { type Db, openDatabase } from "../db/database.ts"
import type { Engine } from "../db/migrations.ts"
import type { Database as Tables } from "../db/schema.ts"

export type Trx = Transaction<Tables>

export class Database extends Context.Service<
  Database,
  {
    readonly db: Db
    readonly engine: Engine
    /** Runs `fn` in one transaction; a defect inside rolls everything back. */
    readonly transaction: <A>(fn: (trx: Trx) => Promise<A>) => Effect.Effect<A>
    /** A plain query outside a transaction. */
    readonly query: <A>(fn: (db: Db) => Promise<A>) => Effect.Effect<A>
  }
>()("preparat/Database") {
  static readonly layer = (config: Pick<Config, "databaseUrl" | "dataDir">) =>
    Layer.effect(
      Database,
      Effect.acquireRelease(
        Effect.promise(() => openDatabase(config)),
        ({ db }) => Effect.promise(() => db.destroy())
      ).pipe(
        Effect.map(({ db, engine }) =>
          Database.of({
            db,
            engine,
            transaction: (fn) => Effect.promise(() => db.transaction().execute(fn)),
            query: (fn) => Effect.promise(() => fn(db))
          })
        )
      )
    )
}
