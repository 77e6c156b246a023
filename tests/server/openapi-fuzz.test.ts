// Walks every operation of /v2/openapi.json with malformed, boundary and hostile values, signed in and
// not, and fails on any 5xx or any request that does not answer in time. New endpoints are covered the
// day they land, since the walk reads the document. Path parameters are hostile text and also real
// ids of the caller's own folder, slide, membership and upload, so hostile queries and bodies reach
// the handlers behind the permission checks; each query parameter is made hostile on its own while
// the required others are valid. Bounded: a fixed set of values per operation, on loopback, each
// request with its own time limit; operations that delete run last, so the ids stay real until then.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, share } from "./support/labs-api.ts"
import { fillPath, type Operation, operationsOf } from "./support/openapi-operations.ts"
import { makeStaff, waitingInvoice } from "./support/billing-api.ts"
import { readySlide } from "./support/ready-slide.ts"
import { noiseTiff, sendChunk } from "./support/slides-api.ts"

const HOSTILE_TEXT = [
  "",
  " ",
  "0",
  "-1",
  "1e20",
  "NaN",
  "null",
  "../../../etc/passwd",
  "%00",
  "'; DROP TABLE labs; --",
  "<script>alert(1)</script>",
  "\u202e\u0000\ud83d",
  "9".repeat(40),
  "x".repeat(5000)
]
const HOSTILE_VALUES: ReadonlyArray<unknown> = [null, true, -1, 1e308, 2 ** 53 + 1, [], {}, ["a", 1], { $ne: null }, "x".repeat(20_000)]
const TIME_LIMIT_MS = 10_000
const NOBODY = "00000000-0000-0000-0000-000000000000"

let server: StartedServer
let ada: SignedIn
let operations: ReadonlyArray<Operation>
/** Real ids of Ada's own things, by path parameter. */
let real: (op: Operation, name: string) => string
let validQuery: Record<string, string>

beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  const bob = await createSignedIn(server)
  const folder = await createFolder(server, ada, "Fuzzed")
  const slide = await readySlide(server, { ownerId: ada.id, parentId: folder.id })
  const membership = await share(server, ada, folder.id, bob, "reviewer")
  const upload = (await sendChunk(server, ada, { labId: folder.id, filename: "f.tif", file: await noiseTiff(64, 64), start: 0, end: 99 }))
    .body.data.upload_id as string
  // Ada is staff with an invoice waiting, so the pricing and staff endpoints are reached with real ids.
  await makeStaff(server, ada)
  const invoice = (await waitingInvoice(server, ada)).id
  real = (op, name) => {
    if (name === "id" && (op.path.startsWith("/v2/pricing/payments/") || op.path.startsWith("/v2/staff/payments/"))) return invoice
    if (name === "userId") return ada.id
    if (name === "uploadId") return upload
    if (name === "id" && op.path.startsWith("/v2/members/")) return membership
    if (name === "labId") return slide.labId
    if (name === "id" && op.path.startsWith("/v2/labs/") && !op.path.includes("label-slide")) return folder.id
    return NOBODY
  }
  validQuery = { lab_id: folder.id, parent: folder.id, search: "fu", page: "1", limit: "5", ordering: "name" }
  // Deleting last: the real ids above must stay real for every other operation.
  operations = [...(await operationsOf(server))].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"))
})
afterAll(() => server.stop())

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
const encode = (value: string): string => {
  try {
    return encodeURIComponent(value)
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%BD`
  }
}

const query = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.length === 0 ? "" : `?${pairs.map(([name, value]) => `${name}=${encode(value)}`).join("&")}`

/** The requests for one operation: hostile path and query values, then hostile bodies. */
const requestsFor = (op: Operation): Array<{ path: string; init: RequestInit }> => {
  const queryParams = op.parameters.filter((p) => p.in === "query")
  const required = queryParams.filter((p) => p.required).map((p) => [p.name, validQuery[p.name] ?? "x"] as const)
  const realPath = fillPath(op.path, (name) => real(op, name))
  const paths: string[] = []
  for (const value of HOSTILE_TEXT) {
    // Every parameter at once, path included (the walk's first shape)...
    paths.push(`${op.path.replace(/\{[^}]+\}/g, encode(value))}${query(queryParams.map((p) => [p.name, value]))}`)
    // ...and each query parameter alone, on the real path, the required others valid.
    for (const p of queryParams) paths.push(`${realPath}${query([...required.filter(([name]) => name !== p.name), [p.name, value]])}`)
  }
  const bodies: Array<{ body: BodyInit; type: string }> = []
  if (op.body === "json") {
    bodies.push(
      { body: "{", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: "null", type: "application/json" }
    )
    for (const value of HOSTILE_VALUES)
      bodies.push({ body: JSON.stringify(Object.fromEntries(op.properties.map((p) => [p, value]))), type: "application/json" })
    for (const value of HOSTILE_TEXT)
      bodies.push({ body: JSON.stringify(Object.fromEntries(op.properties.map((p) => [p, value]))), type: "application/json" })
  }
  if (op.body === "form") {
    for (const value of HOSTILE_TEXT)
      bodies.push({ body: new URLSearchParams(op.properties.map((p) => [p, value])).toString(), type: "application/x-www-form-urlencoded" })
  }
  if (op.body === "multipart") {
    const boundary = "b".repeat(100)
    bodies.push(
      {
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nxx\r\n--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`
      },
      { body: "--x\r\n\r\n", type: "multipart/form-data; boundary=x" },
      { body: "garbage", type: "multipart/form-data" },
      { body: "garbage", type: "multipart/form-data; boundary=" }
    )
    for (const value of HOSTILE_TEXT.slice(0, 8)) {
      const form = new FormData()
      for (const p of op.properties) form.append(p, value)
      bodies.push({ body: form, type: "" })
    }
  }
  const nobody = fillPath(op.path, () => NOBODY)
  const withRequired = query(required)
  return [
    ...paths.map((path) => ({ path, init: { method: op.method } })),
    ...[nobody, realPath].flatMap((path) =>
      bodies.map(({ body, type }) => ({
        path: `${path}${withRequired}`,
        init: { method: op.method, body, headers: type ? { "content-type": type } : {} }
      }))
    )
  ]
}

describe("every operation of the OpenAPI document, with hostile input", () => {
  it("answers below 500, in time, signed in and not", async () => {
    expect(operations.length).toBeGreaterThan(40)
    // The walk reaches the kinds of operation that need most care: multipart bodies and path ids.
    expect(operations.filter((op) => op.body === "multipart").length).toBeGreaterThanOrEqual(4)
    expect(operations.filter((op) => op.parameters.some((p) => p.in === "path")).length).toBeGreaterThan(15)
    const failures: string[] = []
    const sentTo = new Map<string, number>()
    let sent = 0
    for (const op of operations) {
      for (const { path, init } of requestsFor(op)) {
        for (const token of [ada.access, undefined]) {
          const headers = { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) }
          sent++
          sentTo.set(`${op.method} ${op.path}`, (sentTo.get(`${op.method} ${op.path}`) ?? 0) + 1)
          try {
            const reply = await fetch(`${server.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIME_LIMIT_MS) })
            await reply.arrayBuffer()
            if (reply.status >= 500)
              failures.push(
                `${op.method} ${path.slice(0, 120)} (${String(init.headers ? JSON.stringify(init.headers) : "")}) -> ${reply.status}`
              )
          } catch (error) {
            failures.push(`${op.method} ${path.slice(0, 120)} -> ${(error as Error).name}`)
          }
        }
      }
    }
    console.log(`fuzz: ${operations.length} operations, ${sent} requests`)
    expect(sentTo.size).toBe(operations.length)
    expect(sent).toBeGreaterThan(3000)
    expect(failures).toEqual([])
  }, 300_000)
})
