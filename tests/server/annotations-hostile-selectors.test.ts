// Selectors made to hurt, over real HTTP: a token that takes the number pattern long to refuse (it
// held every request of the process while it ran), and SVG carrying script (an event handler, a
// javascript: link) that must never come back out of the server. On SQLite, or PostgreSQL with
// DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, newAnnotation, postAnnotations, type Selector } from "./support/annotations-api.ts"
import { createFolder, person } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: string
let label: { id: string }

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  const folder = (await createFolder(server, owner, "Cases")).id
  slide = await createSlide(server, owner, folder)
  label = await createLabel(server, owner, slide, "Tumor")
})
afterAll(() => server.stop())

/** The shortest of a few runs of `run`, in ms: one run's pause (a collection, another process) does not count. */
const fastest = async (run: () => Promise<unknown>, runs = 3) => {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

const svg = (value: string): Selector => ({ type: "SvgSelector", value })

/** Ordinary vertices, written as a drawing tool writes them, filling about `length` characters. */
const plainPoints = (length: number) => {
  const out: string[] = []
  for (let i = 0, n = 0; n < length; i++) {
    const pair = `${1000 + (i % 9000)}.25,${2000 + (i % 7000)}.5`
    out.push(pair)
    n += pair.length + 1
  }
  return out.join(" ")
}

describe("a selector made to be slow to refuse", () => {
  // 25,000 digits and a letter took over a second before (quadratic in the token); the process answered
  // nothing else meanwhile. Compared with a plain polygon of the same size in the same run.
  it("is refused about as fast as a plain polygon of the same size is stored", async () => {
    const digits = 25_000
    const hostile = svg(`<svg><polygon points='0,0 1,1 2,2 ${"1".repeat(digits)}x,0'/></svg>`)
    const plain = svg(`<svg><polygon points='${plainPoints(digits)}'/></svg>`)
    const refused = await postAnnotations(server, owner, slide, [newAnnotation(label.id, hostile)])
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/longer than 64 characters/)
    const stored = await postAnnotations(server, owner, slide, [newAnnotation(label.id, plain)])
    expect(stored.status, JSON.stringify(stored.body).slice(0, 300)).toBe(201)

    const plainTime = await fastest(async () => {
      expect((await postAnnotations(server, owner, slide, [newAnnotation(label.id, plain)])).status).toBe(201)
    })
    const hostileTime = await fastest(async () => {
      expect((await postAnnotations(server, owner, slide, [newAnnotation(label.id, hostile)])).status).toBe(400)
    })
    expect(hostileTime / plainTime, `${hostileTime.toFixed(1)} ms against ${plainTime.toFixed(1)} ms`).toBeLessThan(5)
  })
})
