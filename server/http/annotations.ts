// /v2/labs/{labId}/v2/annotations/, /v2/labs/{labId}/annotations/compact/, /v2/labs/{labId}/annotations/{id}/,
// /v2/labs/label-slide/ and /v2/labs/{labId}/viewers/ (src/contract/annotations.ts).
import { compactHeaderBytes } from "../../src/annotation/compact.ts"
import { Effect, Schema, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Annotation, ANNOTATION_LIMITS, BulkResult, Label } from "../../src/contract/annotations.ts"
import { Api } from "../../src/contract/api.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { Viewer } from "../../src/contract/viewer.ts"
import { Annotations, LIST_CHUNK } from "../services/annotations/Annotations.ts"
import { IN_PLACE_BYTES } from "../services/annotations/BulkParser.ts"
import { LARGE_BULK_IDS } from "../services/annotations/bulk-statements.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Labels } from "../services/annotations/Labels.ts"
import { SlideViewers } from "../services/annotations/SlideViewers.ts"
import { readAnnotation } from "../services/annotations/annotation-one.ts"
import { Database } from "../services/platform/Database.ts"
import { listJson } from "./annotation-list-json.ts"
import { clientInfo } from "./client-info.ts"
import { ok, page } from "./envelope.ts"
import { makeLargeReadSlots, streamedWithSlot, tooManyBulkWrites, tooManyLargeReads } from "./large-reads.ts"
import { requirePaging } from "./paging.ts"
import { plainJson } from "./plain-json.ts"
import { createdJson, createdText } from "./created-annotations-json.ts"

const AnnotationPage = Ok(Page(Annotation))

/** A compact read above this many bytes is a large read (see large-reads.ts), sent in slices of 64 KB. */
const COMPACT_LARGE_BYTES = 1024 * 1024
const COMPACT_SLICE_BYTES = 64 * 1024
const LabelPage = Ok(Page(Label))
const AnnotationOne = Ok(Annotation)
const _CreatedAnnotations = Ok(Schema.Struct({ results: Schema.Array(Annotation) }))

const viewerId = Effect.map(Viewer, (viewer) => viewer.user?.id)

export const AnnotationsViewLive = HttpApiBuilder.group(
  Api,
  "annotationsView",
  Effect.fn(function* (handlers) {
    const annotations = yield* Annotations
    const labels = yield* Labels
    const database = yield* Database
    const address = Effect.map(clientInfo((yield* AppConfig).trustProxy), (client) => client.ip)
    const slots = makeLargeReadSlots()
    return handlers
      .handle("list", ({ params, query }) =>
        Effect.gen(function* () {
          // The spec reads every annotation at once (limit 999999), so that is the default too.
          const paging = yield* requirePaging(query, ANNOTATION_LIMITS.pageLimit, ANNOTATION_LIMITS.pageLimit)
          const listed = yield* annotations.list(yield* viewerId, params.labId, paging)
          const rows = Math.min(listed.paging.limit, listed.count - listed.paging.offset)
          if (rows <= LIST_CHUNK) {
            const results = (yield* Stream.runCollect(listed.chunks)).flat()
            // Shapes are large: skip the schema's encoding walk (the server tests decode the answer).
            return plainJson(AnnotationPage, ok(page(results, listed.count, listed.paging)))
          }
          // A large page is written out as it is read, and counts against the address's large reads.
          const release = slots.take(yield* address)
          if (release === undefined) return tooManyLargeReads()
          return streamedWithSlot(listJson(listed.chunks, listed.count, listed.paging), release, "application/json")
        })
      )
      .handle("compact", ({ params, query }) =>
        Effect.gen(function* () {
          const whole = yield* annotations.compact(yield* viewerId, params.labId, query.created_since)
          // The header alone is a view of the cached answer: nothing is encoded twice.
          const bytes = query.parts === "header" ? compactHeaderBytes(whole) : whole
          // Never stored: it changes with every edit and has no validator to revalidate it by, and
          // a browser writing 57 MB (100,000 polygons) into its disk cache delays the viewer.
          const headers = { "cache-control": "no-store" }
          if (bytes.byteLength <= COMPACT_LARGE_BYTES)
            return HttpServerResponse.uint8Array(bytes, { contentType: "application/octet-stream", headers })
          const release = slots.take(yield* address)
          if (release === undefined) return tooManyLargeReads()
          // The cached bytes in slices, each written when the client has taken the last.
          const slices = function* () {
            for (let at = 0; at < bytes.byteLength; at += COMPACT_SLICE_BYTES) yield bytes.subarray(at, at + COMPACT_SLICE_BYTES)
          }
          return streamedWithSlot(Stream.fromIterable(slices()), release, "application/octet-stream", headers)
        })
      )
      .handle("one", ({ params }) =>
        Effect.gen(function* () {
          const annotation = yield* readAnnotation(database.db, yield* viewerId, params.labId, params.id)
          return plainJson(AnnotationOne, ok(annotation))
        })
      )
      .handle("labels", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, ANNOTATION_LIMITS.labelsPerSlide, ANNOTATION_LIMITS.labelsPerSlide)
          const { results, count } = yield* labels.list(yield* viewerId, query.lab_id, query.search, paging)
          return plainJson(LabelPage, ok(page(results, count, paging)))
        })
      )
  })
)

const SAVED = "Annotations saved."
const BulkAnswer = Ok(BulkResult)

export const AnnotationsLive = HttpApiBuilder.group(
  Api,
  "annotations",
  Effect.fn(function* (handlers) {
    const annotations = yield* Annotations
    // One large bulk write (a body the bulk worker prepares) per user at a time: any other bulk
    // write of theirs while it is under way is a clear 429; forty 8 MB uploads at once once held
    // 1.2 GB. Small ones (the SPA saves each finished shape) take no slot, so two tabs never clash.
    const bulkWrites = makeLargeReadSlots(1)
    return handlers
      .handle("create", ({ params, query, payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const update = query.existing === "update"
          if (bulkWrites.busy(user.id)) return tooManyBulkWrites()
          if (payload.byteLength <= IN_PLACE_BYTES) {
            const results = yield* annotations.create(user, params.labId, payload, update)
            return HttpServerResponse.text(createdText(results, SAVED), { contentType: "application/json", status: 201 })
          }
          const release = bulkWrites.take(user.id)
          if (release === undefined) return tooManyBulkWrites()
          // The slot is held until the answer is written out (or the client left); 5,000 shapes
          // are answered in slices (the server tests decode the answer with the contract).
          const results = yield* annotations.create(user, params.labId, payload, update).pipe(Effect.onError(() => Effect.sync(release)))
          return streamedWithSlot(createdJson(results, SAVED), release, "application/json", {}, 201)
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          const annotation = yield* annotations.update(yield* CurrentUser, params.labId, params.id, payload)
          return ok({ annotations: annotation }, "Annotation saved.")
        })
      )
      .handle("remove", ({ params, query }) =>
        Effect.gen(function* () {
          yield* annotations.remove(yield* CurrentUser, params.labId, params.id, query.version)
          return { status: "success", message: "Annotation deleted.", data: null } as const
        })
      )
      .handle("bulkUpdate", ({ params, payload }) =>
        bulkAnswer(payload.ids.length, (user) => annotations.bulkUpdate(user, params.labId, payload), "Annotations saved.")
      )
      .handle("bulkDelete", ({ params, payload }) =>
        bulkAnswer(
          payload.ids?.length ?? LARGE_BULK_IDS + 1,
          (user) => annotations.bulkDelete(user, params.labId, payload),
          "Annotations deleted."
        )
      )
      .handle("restore", ({ params, payload }) =>
        bulkAnswer(payload.ids.length, (user) => annotations.restore(user, params.labId, payload.ids), "Annotations restored.", 201)
      )

    /**
     * A bulk edit's answer: a large one (more than LARGE_BULK_IDS ids, or a whole label) holds the
     * user's bulk-write slot, as a large bulk create does, so one user runs one at a time (429 otherwise).
     * The ids are answered as plain JSON (100,000 of them skip the schema's encoding walk).
     */
    function bulkAnswer<E>(
      size: number,
      run: (user: typeof CurrentUser.Service) => Effect.Effect<BulkResult, E>,
      message: string,
      status = 200
    ) {
      return Effect.gen(function* () {
        const user = yield* CurrentUser
        if (bulkWrites.busy(user.id)) return tooManyBulkWrites()
        const release = size > LARGE_BULK_IDS ? bulkWrites.take(user.id) : undefined
        const result = yield* run(user).pipe(Effect.ensuring(Effect.sync(() => release?.())))
        return plainJson(BulkAnswer, { status: "success", message, data: result }, status)
      })
    }
  })
)

export const LabelsLive = HttpApiBuilder.group(
  Api,
  "labels",
  Effect.fn(function* (handlers) {
    const labels = yield* Labels
    return handlers
      .handle("create", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* labels.create(yield* CurrentUser, payload), "Label created.")
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* labels.update(yield* CurrentUser, params.id, payload), "Label saved.")
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* labels.remove(yield* CurrentUser, params.id), "Label deleted.")
        })
      )
      .handle("restore", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* labels.restore(yield* CurrentUser, payload.deletion_id), "Label restored.")
        })
      )
  })
)

export const SlideViewersLive = HttpApiBuilder.group(
  Api,
  "slideViewers",
  Effect.fn(function* (handlers) {
    const viewers = yield* SlideViewers
    const answer = (run: (userId: string, labId: string) => ReturnType<typeof viewers.list>, labId: string) =>
      Effect.gen(function* () {
        return ok({ results: yield* run((yield* CurrentUser).id, labId) })
      })
    return handlers
      .handle("list", ({ params }) => answer(viewers.list, params.labId))
      .handle("join", ({ params }) => answer(viewers.join, params.labId))
      .handle("leave", ({ params }) => answer(viewers.leave, params.labId))
  })
)
