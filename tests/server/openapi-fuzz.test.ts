// Walks every operation of /v2/openapi.json with malformed, boundary and hostile values, signed in and
// not, and fails on any 5xx or any request that does not answer. New endpoints are covered the day
// they land, since the walk reads the document. Bounded: a fixed set of values per operation, each
// request on loopback with its own time limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

interface Operation {
  readonly method: string
  readonly path: string
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly in: string }>
  readonly body: "json" | "form" | "multipart" | undefined
  readonly properties: ReadonlyArray<string>
}

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

let server: StartedServer
let ada: SignedIn
let operations: Operation[]

beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  const document = (await api(server).get("/v2/openapi.json")).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>
          requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
        }
      >
    >
  }
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {}
      const type = Object.keys(content)[0]
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: type === undefined ? undefined : type.includes("multipart") ? "multipart" : type.includes("urlencoded") ? "form" : "json",
        properties: Object.keys((type && content[type]?.schema?.properties) ?? {})
      } satisfies Operation
    })
  )
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

/** The requests for one operation: hostile path and query values, then hostile bodies. */
const requestsFor = (op: Operation): Array<{ path: string; init: RequestInit }> => {
  const fill = (value: string) => op.path.replace(/\{[^}]+\}/g, encode(value))
  const withQuery = (path: string, value: string) => {
    const query = op.parameters.filter((p) => p.in === "query").map((p) => `${p.name}=${encode(value)}`)
    return query.length > 0 ? `${path}?${query.join("&")}` : path
  }
  const paths = HOSTILE_TEXT.map((value) => withQuery(fill(value), value))
  const bodies: Array<{ body: BodyInit; type: string }> = []
  if (op.body === "json") {
    bodies.push(
      { body: "{", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: "null", type: "application/json" }
    )
    for (const value of HOSTILE_VALUES)
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
  const plain = fill("00000000-0000-0000-0000-000000000000")
  return [
    ...paths.map((path) => ({ path, init: { method: op.method } })),
    ...bodies.map(({ body, type }) => ({ path: plain, init: { method: op.method, body, headers: type ? { "content-type": type } : {} } }))
  ]
}

describe("every operation of the OpenAPI document, with hostile input", () => {
  it("answers below 500, in time, signed in and not", async () => {
    expect(operations.length).toBeGreaterThan(40)
    const failures: string[] = []
    let sent = 0
    for (const op of operations) {
      for (const { path, init } of requestsFor(op)) {
        for (const token of [ada.access, undefined]) {
          const headers = { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) }
          sent++
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
    expect(sent).toBeGreaterThan(1000)
    expect(failures).toEqual([])
  }, 300_000)
})
