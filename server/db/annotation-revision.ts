// A slide's annotation revision (migration 0019): raised in the transaction of every write to its
// annotations or labels, so a compact read cached under an older revision is never served again.
import type { Kysely } from "kysely"
import type { Database } from "./schema.ts"

export const raiseRevision = (db: Kysely<Database>, labId: string) =>
  db
    .updateTable("labs")
    .set((eb) => ({ annotations_revision: eb("annotations_revision", "+", 1) }))
    .where("id", "=", labId)
    .execute()
