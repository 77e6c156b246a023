// Shortcuts for the annotation tests: a slide to annotate, labels, and W3C annotations of each shape,
// made the way the SPA makes them, over HTTP; the compact read, and both answers' rows in one form.
import { randomUUID } from "node:crypto"
import { expect } from "vitest"
import { type CompactAnnotations, decodeCompact, KINDS } from "../../../src/annotation/compact.ts"
import { flatten, parseSelector } from "../../../src/annotation/geometry.ts"
import { type AnnotationProps, propsOf } from "../../../src/annotation/props.ts"
import type { Annotation } from "../../../src/contract/annotations.ts"
import type { SignedIn } from "../../support/api.ts"
import type { StartedServer } from "../../support/start-server.ts"
import { client, insertFile } from "./labs-api.ts"

/** A file lab (a slide) of `owner`, inside `parent`, put straight in the database as an upload would. */
export const createSlide = async (server: StartedServer, owner: SignedIn, parent: string | null) => {
  const id = randomUUID()
  const name = `slide-${id.slice(0, 8)}.svs`
  await insertFile(server, { id, ownerId: owner.id, parentId: parent, name, size: 1 })
  return id
}

export const createLabel = async (server: StartedServer, who: SignedIn, labId: string, name: string, color?: string) => {
  const reply = await client(server).post(
    "/v2/labs/label-slide/",
    { lab_id: labId, name, ...(color === undefined ? {} : { color }) },
    { token: who.access }
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as { id: string; name: string; color: string }
}

export type Selector = { type: "FragmentSelector"; value: string } | { type: "SvgSelector"; value: string }

export const rect = (x: number, y: number, w: number, h: number): Selector => ({
  type: "FragmentSelector",
  value: `xywh=pixel:${x},${y},${w},${h}`
})
export const polygon = (points: ReadonlyArray<readonly [number, number]>): Selector => ({
  type: "SvgSelector",
  value: `<svg><polygon points='${points.map(([x, y]) => `${x},${y}`).join(" ")}'/></svg>`
})
/** A regular polygon of n vertices around (1000, 1000). */
export const ngon = (n: number): Selector =>
  polygon(
    Array.from(
      { length: n },
      (_, i) => [1000 + 500 * Math.cos((2 * Math.PI * i) / n), 1000 + 500 * Math.sin((2 * Math.PI * i) / n)] as const
    )
  )

export const webAnnotation = (labelId: string, selector: Selector, comment?: string) => ({
  type: "Annotation",
  body: [
    { type: "TextualBody", purpose: "tagging", value: "whatever the client thinks", label: { id: labelId } },
    ...(comment === undefined ? [] : [{ type: "TextualBody", purpose: "commenting", value: comment }])
  ],
  target: { source: "slide", selector }
})

export const newAnnotation = (labelId: string, selector: Selector = rect(10, 20, 30, 40), id: string = randomUUID()) => ({
  id,
  data: webAnnotation(labelId, selector)
})

export const postAnnotations = (server: StartedServer, who: SignedIn | undefined, labId: string, data: ReadonlyArray<unknown>) =>
  client(server).post(`/v2/labs/${labId}/v2/annotations/`, { data }, { token: who?.access })

export const listAnnotations = (server: StartedServer, who: SignedIn | undefined, labId: string) =>
  client(server).get(`/v2/labs/${labId}/v2/annotations/`, { token: who?.access })

/** How many annotations the owner sees on the slide. */
export const annotationCount = async (server: StartedServer, owner: SignedIn, labId: string): Promise<number> => {
  const reply = await listAnnotations(server, owner, labId)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data.meta.count
}

/** GET the compact read: its status and type, and (when 200) the answer decoded; otherwise the JSON error. */
export const readCompact = async (server: StartedServer, who: SignedIn | undefined, labId: string) => {
  const response = await fetch(`${server.url}/v2/labs/${labId}/annotations/compact/`, {
    headers: who ? { authorization: `Bearer ${who.access}` } : {}
  })
  const type = response.headers.get("content-type") ?? ""
  const cacheControl = response.headers.get("cache-control")
  if (response.status !== 200) return { status: response.status, type, cacheControl, compact: null, error: await response.json() }
  return { status: response.status, type, cacheControl, compact: decodeCompact(new Uint8Array(await response.arrayBuffer())), error: null }
}

/** Exact bytes of Float64s: equal only when every coordinate is the same number, bit for bit. */
export const hex = (values: Float64Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("hex")

/** One annotation as the W3C list has it, in the terms both answers share. */
export const rowOfListed = (a: Annotation) => {
  const parsed = parseSelector(a.data.target.selector)
  if (!parsed.ok) throw new Error(`the list's selector of ${a.id} does not parse: ${parsed.error}`)
  const [tag, ...rest] = a.data.body
  return {
    id: a.id,
    version: a.version,
    kind: parsed.geometry.kind,
    label: { id: tag.label.id, name: tag.label.name, color: tag.label.color },
    author: a.user,
    visible: a.visible,
    comments: rest.flatMap((body) => (body.purpose === "commenting" ? [body.value] : [])),
    props: propsOf(a.data),
    created_at: a.created_at,
    coords: hex(flatten(parsed.geometry))
  }
}

/** Every row of the compact answer, in the same terms. */
export const rowsOfCompact = (compact: CompactAnnotations) => {
  const out: Array<ReturnType<typeof rowOfListed>> = []
  let at = 0
  for (let i = 0; i < compact.count; i++) {
    const n = compact.vertices[i]! * 2
    out.push({
      id: compact.ids[i]!,
      version: compact.versions[i]!,
      kind: KINDS[compact.kinds[i]!]!,
      label: compact.labels[compact.label[i]!]!,
      author: compact.authors[compact.author[i]!]!,
      visible: compact.visible[i] === 1,
      comments: [...(compact.comments[i] ?? [])],
      props: compact.props?.[i] ?? ({} as AnnotationProps),
      created_at: compact.times[compact.created[i]!]!,
      coords: hex(compact.coords.subarray(at, at + n))
    })
    at += n
  }
  return out
}
