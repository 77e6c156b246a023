// The owner of a resolved lab, as a user row. A lab always has one: a missing owner is a broken
// database, not a request error.
import { Effect } from "effect"
import type { ResolvedLab } from "../../db/lab-access.ts"
import { findUserById } from "../../db/users.ts"
import { sql, type Trx } from "../platform/Database.ts"

export const ownerOf = (d: Trx, lab: ResolvedLab) =>
  Effect.flatMap(
    sql(() => findUserById(d, lab.row.owner_id)),
    (owner) => (owner ? Effect.succeed(owner) : Effect.die(new Error(`owner of ${lab.row.id} vanished`)))
  )
