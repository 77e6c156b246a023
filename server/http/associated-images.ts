// /v2/labs/{labId}/associated-images/: a scanner's label and macro pictures, kept privately in the
// build's associated/ folder (server/images/associated-images.ts). Whoever may not see them is
// answered as if the slide had none (an empty list, a 404 for a picture), so a reviewer learns
// nothing of them until the owner shows them; the group needs a signed-in member, so a public link
// never reaches them.
import { buffer } from "node:stream/consumers"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { AssociatedImages, AssociatedName } from "../../src/contract/associated-images.ts"
import { Api } from "../../src/contract/api.ts"
import { NotFound } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import type { LabRow, ResolvedLab } from "../db/lab-access.ts"
import { can, canSeeAssociated } from "../domain/permissions.ts"
import { associatedImageFile } from "../images/associated-images.ts"
import { LabAccess } from "../services/labs/LabAccess.ts"
import { Database, sql } from "../services/platform/Database.ts"
import { SlideFiles } from "../services/slides/SlideFiles.ts"
import { ok } from "./envelope.ts"

const NAMES: ReadonlyArray<AssociatedName> = ["label", "macro"]

/** The stored list of names (migration 0031); anything else is none. */
const storedNames = (row: LabRow): AssociatedName[] => {
  try {
    const value: unknown = JSON.parse(row.associated ?? "[]")
    return Array.isArray(value) ? NAMES.filter((name) => value.includes(name)) : []
  } catch {
    return []
  }
}

/** What the asker may know of them. */
const viewOf = (lab: ResolvedLab): AssociatedImages => {
  const shown = lab.row.associated_shown === 1
  const visible = lab.row.is_dir === 0 && canSeeAssociated(lab.access.standing, shown)
  return {
    images: visible ? storedNames(lab.row) : [],
    shown,
    can_show: lab.row.is_dir === 0 && can(lab.access.standing, "lab.show-associated")
  }
}

const noPicture = () => new NotFound({ message: "No such picture" })

export const AssociatedImagesLive = HttpApiBuilder.group(
  Api,
  "associatedImages",
  Effect.fn(function* (handlers) {
    const access = yield* LabAccess
    const slides = yield* SlideFiles
    const { db } = yield* Database

    return handlers
      .handle("list", ({ params }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const lab = yield* access.require(db, user.id, params.labId, "lab.view")
          return ok(viewOf(lab))
        })
      )
      .handle("show", ({ params, payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const lab = yield* access.require(db, user.id, params.labId, "lab.show-associated")
          if (lab.row.is_dir === 1) return yield* new NotFound({ message: "A folder has no label or macro" })
          const shown = payload.shown ? 1 : 0
          yield* sql(() => db.updateTable("labs").set({ associated_shown: shown }).where("id", "=", lab.row.id).execute())
          return ok(viewOf({ ...lab, row: { ...lab.row, associated_shown: shown } }))
        })
      )
      .handle("image", ({ params }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const lab = yield* access.require(db, user.id, params.labId, "lab.view")
          const key = lab.row.slide_key
          if (!viewOf(lab).images.includes(params.name) || !key) return yield* noPicture()
          const file = yield* slides.read(key, associatedImageFile(params.name))
          const bytes = file ? new Uint8Array(yield* Effect.promise(() => buffer(file.stream))) : undefined
          if (!bytes) return yield* noPicture()
          return HttpServerResponse.uint8Array(bytes, {
            contentType: "image/jpeg",
            // Never kept by a shared cache, nor by the browser once the owner hides them again.
            headers: { "cache-control": "private, no-store", "x-content-type-options": "nosniff" }
          })
        })
      )
  })
)
