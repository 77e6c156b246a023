// Drops 0008's change log. Its triggers made every lab write raise its owner's version row, which
// on PostgreSQL locked that row until commit: collaborators writing into one owner's tree waited on
// each other. Nothing reads the log any more. Everything is dropped "if exists": a database created
// after 0008 became empty never had it.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

const dropLog = async (db: Kysely<unknown>, engine: Engine) => {
  if (engine === "postgres") {
    for (const event of ["insert", "delete", "update"]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`labs_logged_${event}`)} ON labs`.execute(db)
      await sql`DROP FUNCTION IF EXISTS ${sql.id(`lab_changes_${event}`)}()`.execute(db)
    }
  } else {
    for (const event of ["insert", "delete", "update", "owner"])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`labs_logged_${event}`)}`.execute(db)
  }
  await db.schema.dropTable("lab_changes").ifExists().execute()
  await db.schema.dropTable("lab_versions").ifExists().execute()
}

export const dropLabChangeLog = (engine: Engine): Migration => ({ up: (db) => dropLog(db, engine) })
