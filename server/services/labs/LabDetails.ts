// One lab seen up close: the lab with its breadcrumb (opening it counts as an access for Recently
// accessed), and the info panel with metadata, access and the first collaborators.
import { Context, Effect, Layer } from "effect"
import type { NotFound, Unauthorized } from "../../../src/contract/errors.ts"
import type { LabDetail, LabInfo, MetadataEntry } from "../../../src/contract/labs.ts"
import { storedAutoTags } from "../../domain/auto-tags.ts"
import { collaboratorsPage } from "../../db/lab-members.ts"
import { deletedOwner, scannerOf, slideFields } from "../../db/lab-wire.ts"
import { findUserById } from "../../db/users.ts"
import { can } from "../../domain/permissions.ts"
import { toUserSummary } from "../../domain/profile.ts"
import { roleOf, visibleAncestors } from "../../domain/standing.ts"
import { AccessRecorder } from "./AccessRecorder.ts"
import { Database, sql } from "../platform/Database.ts"
import { LabAccess } from "./LabAccess.ts"
import { presentResolved } from "./Labs.ts"

/** The info panel shows this many collaborators, then "+N". */
export const INFO_COLLABORATORS = 5

export const metadataOf = (db: Parameters<typeof findUserById>[0], labId: string, name?: string) => {
  let query = db.selectFrom("lab_metadata").selectAll().where("lab_id", "=", labId)
  if (name !== undefined) query = query.where("name", "=", name)
  return query.orderBy("created_at").orderBy("id").execute() as Promise<MetadataEntry[]>
}

export class LabDetails extends Context.Service<
  LabDetails,
  {
    readonly get: (userId: string | undefined, labId: string) => Effect.Effect<LabDetail, NotFound | Unauthorized>
    readonly info: (userId: string | undefined, labId: string) => Effect.Effect<LabInfo, NotFound | Unauthorized>
  }
>()("preparat/LabDetails") {
  static readonly layer = Layer.effect(
    LabDetails,
    Effect.gen(function* () {
      const { db } = yield* Database
      const access = yield* LabAccess
      const recorder = yield* AccessRecorder

      const get = Effect.fn("LabDetails.get")(function* (userId: string | undefined, labId: string) {
        const lab = yield* access.requireView(db, userId, labId)
        if (userId !== undefined) yield* recorder.record(userId, labId)
        // Recording the access changes nothing the answer shows: the lab is presented as resolved.
        const shown = yield* presentResolved(db, lab, userId)
        return { ...shown, scanner: scannerOf(lab.row.scanner), breadcrumb: visibleAncestors(lab.chain, userId) }
      })

      const info = Effect.fn("LabDetails.info")(function* (userId: string | undefined, labId: string) {
        const lab = yield* access.requireView(db, userId, labId)
        const { row } = lab
        const [metadata, owner] = yield* sql(() => Promise.all([metadataOf(db, row.id), findUserById(db, row.owner_id)]))
        // Who collaborates is for those who do: a stranger viewing a public lab sees only the owner.
        const collaborators =
          owner && can(lab.access.standing, "members.view", lab.access.isPublic)
            ? yield* sql(() => collaboratorsPage(db, row.id, owner, { limit: INFO_COLLABORATORS, offset: 0 }))
            : { results: [], count: 0 }
        const tags = row.is_dir === 1 ? undefined : storedAutoTags(row.auto_tags)
        return {
          id: row.id,
          name: row.name,
          type: row.is_dir === 1 ? "folder" : "image",
          is_dir: row.is_dir === 1,
          owner: owner ? toUserSummary(owner) : deletedOwner,
          created_at: row.created_at,
          updated_at: row.updated_at,
          ...slideFields(row),
          description: row.description,
          size: Number(row.size),
          metadata,
          access: lab.access.isPublic ? "public" : "private",
          collaborators: collaborators.results,
          collaborators_count: collaborators.count,
          role: roleOf(lab.access.standing),
          ...(tags === undefined ? {} : { auto_tags: tags })
        } satisfies LabInfo
      })

      return LabDetails.of({ get, info })
    })
  )
}
