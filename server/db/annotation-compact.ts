// The compact read of a slide's annotations (src/annotation/compact.ts): the rows in the W3C list's
// order with only the columns stored for it (never `data`: no JSON parse per row), the slide's
// labels and the authors once each, and every row's stored vertex bytes copied into one answer.
import type { Kysely } from "kysely"
import { type CompactHeader, encodeCompact, KINDS, type Kind } from "../../src/annotation/compact.ts"
import type { AnnotationProps } from "../../src/annotation/props.ts"
import type { Database } from "./schema.ts"

/**
 * `emails`: whether the authors' emails are given (to the slide's members) or left empty (anyone
 * else). `createdSince`: only the rows created then or later (the slide's index is on lab_id,
 * created_at, ordinal, so this reads those rows alone).
 */
export const compactAnnotations = async (
  db: Kysely<Database>,
  labId: string,
  emails: boolean,
  createdSince?: string
): Promise<Uint8Array> => {
  // Rows first, then labels and authors: a label or user deleted in between took its annotations
  // with it (the foreign keys cascade), so a row whose label or author is missing is gone, and left out.
  const rows = await db
    .selectFrom("annotations")
    .select(["id", "version", "kind", "label_id", "author_id", "visible", "created_at", "comments", "props", "coords", "analysis_id"])
    .where("lab_id", "=", labId)
    .$if(createdSince !== undefined, (q) => q.where("created_at", ">=", createdSince!))
    .orderBy("created_at")
    .orderBy("ordinal")
    .execute()
  const labels = await db.selectFrom("labels").select(["id", "name", "color"]).where("lab_id", "=", labId).execute()
  const authorIds = [...new Set(rows.map((row) => row.author_id))]
  const found =
    authorIds.length === 0 ? [] : await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", authorIds).execute()
  const authors = emails ? found : found.map((author) => ({ ...author, email: "" }))

  const labelAt = new Map(labels.map((label, i) => [label.id, i]))
  const authorAt = new Map(authors.map((author, i) => [author.id, i]))
  const timeAt = new Map<string, number>()
  const header = {
    count: 0,
    labels,
    authors,
    times: [] as Array<string>,
    ids: [] as Array<string>,
    versions: [] as Array<number>,
    kinds: [] as Array<number>,
    label: [] as Array<number>,
    author: [] as Array<number>,
    visible: [] as Array<number>,
    vertices: [] as Array<number>,
    created: [] as Array<number>,
    comments: {} as Record<string, ReadonlyArray<string>>,
    props: {} as Record<string, AnnotationProps>,
    detection: [] as Array<number>
  } satisfies CompactHeader
  const coords: Array<Uint8Array> = []
  for (const row of rows) {
    const kind = KINDS.indexOf(row.kind as Kind)
    const label = labelAt.get(row.label_id)
    const author = authorAt.get(row.author_id)
    // kind "": a selector that no longer parses (migration 0016); the viewer never drew those.
    if (kind < 0 || label === undefined || author === undefined) continue
    let time = timeAt.get(row.created_at)
    if (time === undefined) {
      time = header.times.length
      header.times.push(row.created_at)
      timeAt.set(row.created_at, time)
    }
    if (row.comments !== null) header.comments[header.ids.length] = JSON.parse(row.comments) as ReadonlyArray<string>
    // A detection's props are its lock and its measurements, read with the one annotation when shown.
    const detection = row.analysis_id !== null
    if (row.props !== null && !detection) header.props[header.ids.length] = JSON.parse(row.props) as AnnotationProps
    header.detection.push(detection ? 1 : 0)
    header.ids.push(row.id)
    header.versions.push(Number(row.version))
    header.kinds.push(kind)
    header.label.push(label)
    header.author.push(author)
    header.visible.push(Number(row.visible) === 1 ? 1 : 0)
    header.vertices.push(row.coords.length / 16)
    header.created.push(time)
    coords.push(row.coords)
  }
  return encodeCompact({ ...header, count: header.ids.length }, coords)
}
