// Shortcuts for the annotation tests: a slide to annotate, labels, and W3C annotations of each shape,
// made the way the SPA makes them, over HTTP.
import { randomUUID } from "node:crypto"
import { expect } from "vitest"
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
