// The process keeps serving when its log cannot be written: stdout and stderr on a full disk
// (/dev/full answers every write with ENOSPC) or on a pipe whose reader has gone (EPIPE). The real
// server runs as a child process, logging every request, so that each answer also writes.
import { closeSync, openSync } from "node:fs"
import { afterEach, describe, expect, it } from "vitest"
import { api, createSignedIn } from "../support/api.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"

const databaseUrl = process.env.DATABASE_URL || undefined
let server: ServerProcess | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0)
    return true
  } catch {
    return false
  }
}

/** Requests that log (each request is logged), write to the database, and fail on purpose. */
const exercise = async (running: ServerProcess) => {
  const ada = await createSignedIn(running, { name: "Ada" })
  for (let i = 0; i < 5; i++) {
    const created = await api(running).post("/v2/labs/", { name: `Folder ${i}`, is_dir: true, is_favorite: false }, { token: ada.access })
    expect(created.status).toBe(201)
    expect((await api(running).get("/v2/labs/no-such-path/", { token: ada.access })).status).toBe(404)
    await new Promise((r) => setTimeout(r, 50))
  }
  expect((await api(running).get("/v2/labs/", { token: ada.access })).body.data.meta.count).toBe(5)
  expect(alive(running.pid)).toBe(true)
}

describe("a log that cannot be written", () => {
  it("keeps serving with stdout and stderr on a full disk", async () => {
    const full = openSync("/dev/full", "w")
    try {
      server = await startServerProcess({ databaseUrl, output: full, env: { LOG_REQUESTS: "1" } })
    } finally {
      closeSync(full)
    }
    await exercise(server)
  }, 60_000)

  it("keeps serving when the pipe its stdout writes to is closed", async () => {
    server = await startServerProcess({ databaseUrl, env: { LOG_REQUESTS: "1" } })
    server.stdout?.destroy()
    await exercise(server)
  }, 60_000)
})
