// A job's detections as annotations: the labels they are filed under (found by name or created), the
// rows written a batch at a time inside the worker's transaction, and their removal in one. Every
// write raises the slide's annotation revision (the compact read's cache) and records the event the
// slide's channel hears: the annotations a batch created (those that fit in a message; clients read
// the rest), one bulk deletion for a removal.
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import type { Insertable } from "kysely"
import { bboxOf, ELLIPSE_VERTICES, type Geometry, type Point, toSelector } from "../../../src/annotation/geometry.ts"
import type { Label, WebAnnotation } from "../../../src/contract/annotations.ts"
import { raiseRevision } from "../../db/annotation-revision.ts"
import { toLabel } from "../../db/annotations.ts"
import type { AnnotationsTable, LabelsTable } from "../../db/schema.ts"
import { canonicalData, changeOfStored, derivedColumns, fitChanges, type LabelFacts } from "../../domain/annotation-data.ts"
import type { ResultLabel } from "../../domain/analysis-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { insertInSlices } from "../annotations/bulk-rows.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { sql, type Trx } from "../platform/Database.ts"
import type { EventLog } from "../platform/EventLog.ts"

type Events = EventLog["Service"]

/** The slide's label of this name, created (and announced) when it has none. */
export const ensureLabel = (trx: Trx, events: Events, user: AuthenticatedUser, labId: string, wanted: ResultLabel) =>
  Effect.gen(function* () {
    const found = yield* sql(() =>
      trx
        .selectFrom("labels")
        .selectAll()
        .where("lab_id", "=", labId)
        .where("name_lower", "=", wanted.name.toLowerCase())
        .executeTakeFirst()
    )
    if (found) return { id: found.id, name: found.name, color: found.color } satisfies LabelFacts
    const now = stamp()
    const row: LabelsTable = {
      id: randomUUID(),
      lab_id: labId,
      name: wanted.name,
      name_lower: wanted.name.toLowerCase(),
      color: wanted.color,
      label_type: "analysis",
      visible: 1,
      created_by: user.id,
      created_at: now,
      updated_at: now
    }
    yield* sql(() => trx.insertInto("labels").values(row).execute())
    const label: Label = toLabel(row)
    yield* events.record(trx, {
      actorId: user.id,
      kind: "label.changed",
      labId,
      payload: { user_email: user.email, user_name: user.name, action: "created", label, annotations_deleted: 0 }
    })
    return { id: row.id, name: row.name, color: row.color } satisfies LabelFacts
  })

export interface NewDetection {
  readonly x: number
  readonly y: number
  readonly label: LabelFacts
  /** Its measurements, as the annotation's description. */
  readonly description: string
  /** Drawn as this closed outline (Fasciola's ellipse, a comet's box) rather than a point at x, y. */
  readonly outline?: ReadonlyArray<Point> | undefined
  /** The outline is an open line (IMT's traces), not a closed shape. */
  readonly open?: boolean
}

const round1 = (v: number) => Math.round(v * 10) / 10

/**
 * A rotated ellipse as the product stores ellipses: a polygon (the annotation shapes have no rotated
 * ellipse; an `<ellipse>` selector is read as a polygon of ELLIPSE_VERTICES too, geometry.ts).
 */
export const rotatedEllipse = (cx: number, cy: number, a: number, b: number, angle: number): Array<Point> => {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return Array.from({ length: ELLIPSE_VERTICES }, (_, i) => {
    const t = (2 * Math.PI * i) / ELLIPSE_VERTICES
    const u = a * Math.cos(t)
    const v = b * Math.sin(t)
    return [round1(cx + u * cos - v * sin), round1(cy + u * sin + v * cos)] as const
  })
}

/** A detection's stored row, as every analysis writes it (the detections bench seeds slides with it too). */
export const detectionRow = (labId: string, jobId: string, authorId: string, now: string, ordinal: number, d: NewDetection) => {
  const id = randomUUID()
  const geometry: Geometry = d.outline
    ? { kind: d.open ? "polyline" : "polygon", points: d.outline }
    : { kind: "points", points: [[d.x, d.y]] }
  const sent: WebAnnotation = {
    type: "Annotation",
    body: [{ type: "TextualBody", purpose: "tagging", value: d.label.name, label: { id: d.label.id } }],
    target: { source: labId, selector: toSelector(geometry) },
    description: d.description,
    // Read-only as QuPath's detections are: the lock keeps bulk moves and deletes off them too.
    locked: true
  }
  const data = canonicalData(id, sent, d.label, geometry)
  const json = JSON.stringify(data)
  const box = bboxOf(geometry)
  const row: Insertable<AnnotationsTable> = {
    id,
    lab_id: labId,
    label_id: d.label.id,
    author_id: authorId,
    data: json,
    visible: 1,
    version: 1,
    min_x: box.minX,
    min_y: box.minY,
    max_x: box.maxX,
    max_y: box.maxY,
    created_at: now,
    ordinal,
    updated_at: now,
    ...derivedColumns(geometry, data),
    analysis_id: jobId
  }
  return { row, json, label: d.label }
}

/** One batch of a job's detections, written and announced inside the caller's transaction. */
export const writeDetections = (
  trx: Trx,
  events: Events,
  user: AuthenticatedUser,
  labId: string,
  jobId: string,
  firstOrdinal: number,
  detections: ReadonlyArray<NewDetection>
) =>
  Effect.gen(function* () {
    if (detections.length === 0) return
    const now = stamp()
    const made = detections.map((d, i) => detectionRow(labId, jobId, user.id, now, firstOrdinal + i, d))
    yield* sql(() =>
      insertInSlices(
        trx,
        made.map((m) => m.row)
      )
    )
    yield* sql(() => raiseRevision(trx, labId))
    const changes = function* () {
      for (const m of made)
        yield { ...changeOfStored({ id: m.row.id, version: 1, visible: true, json: m.json }, m.label), detection: true as const }
    }
    yield* events.record(trx, {
      actorId: user.id,
      kind: "annotation.created",
      labId,
      payload: { user_email: user.email, user_name: user.name, count: made.length, annotations: fitChanges(changes()), created_at: now }
    })
  })

/** Ids per announced deletion: a whole-slide run's 300,000 are announced by count (clients re-read). */
const ANNOUNCED_IDS = 200

/** Every detection of the job, gone in the caller's transaction, as one bulk deletion; answers how many. */
export const removeDetections = (
  trx: Trx,
  events: Events,
  actor: { readonly id: string; readonly email: string; readonly name: string },
  labId: string,
  jobId: string
) =>
  Effect.gen(function* () {
    const some = yield* sql(() =>
      trx.selectFrom("annotations").select("id").where("analysis_id", "=", jobId).limit(ANNOUNCED_IDS).execute()
    )
    if (some.length === 0) return 0
    const deleted = yield* sql(() => trx.deleteFrom("annotations").where("analysis_id", "=", jobId).executeTakeFirst())
    const count = Number(deleted.numDeletedRows)
    yield* sql(() => raiseRevision(trx, labId))
    yield* events.record(trx, {
      actorId: actor.id,
      kind: "annotation.bulk_changed",
      labId,
      payload: {
        user_email: actor.email,
        user_name: actor.name,
        action: "deleted",
        count,
        // All of them when they fit; otherwise fewer than `count`, which tells clients to re-read.
        ids: count <= ANNOUNCED_IDS ? some.map((r) => r.id) : [],
        change: {}
      }
    })
    return count
  })
