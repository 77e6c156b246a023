// A commit that fails (as a full disk makes it) answers 500 and changes nothing, and the server goes
// on answering once the cause is gone: the failed transaction is rolled back and its connection freed.
// The failure is injected with a deferred constraint, which fails at COMMIT on both engines.
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
let ada: SignedIn
const postgres = Boolean(process.env.DATABASE_URL)

beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
})
afterAll(() => server.stop())

const trap = async () =>
  server.withDb(async (db) => {
    if (postgres) {
      await sql`CREATE TABLE commit_trap (ref text REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(db)
      await sql`CREATE FUNCTION spring_trap() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO commit_trap VALUES ('nobody'); RETURN NULL; END $$`.execute(
        db
      )
      await sql`CREATE TRIGGER trap_labs AFTER INSERT ON labs FOR EACH STATEMENT EXECUTE FUNCTION spring_trap()`.execute(db)
    } else {
      await sql`CREATE TABLE commit_trap (ref text REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(db)
      await sql`CREATE TRIGGER trap_labs AFTER INSERT ON labs BEGIN INSERT INTO commit_trap VALUES ('nobody'); END`.execute(db)
    }
  })

const release = async () =>
  server.withDb(async (db) => {
    await sql`DROP TRIGGER trap_labs${postgres ? sql` ON labs` : sql``}`.execute(db)
    if (postgres) await sql`DROP FUNCTION spring_trap()`.execute(db)
    await sql`DROP TABLE commit_trap`.execute(db)
  })

/** What the server logs while `run` runs (it logs through the console of this process). */
const logged = async (run: () => Promise<unknown>): Promise<string> => {
  const lines: string[] = []
  const spies = (["log", "error", "warn"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")))
  )
  try {
    await run()
    return lines.join("\n")
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

const create = (name: string) => api(server).post("/v2/labs/", { name, parent: null }, { token: ada.access })
const within = <T>(promise: Promise<T>, ms = 10_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))])

describe("a commit that fails", () => {
  it("answers 500, changes nothing, and leaves the server answering", async () => {
    await trap()
    let refused = { status: 0 }
    const log = await logged(async () => {
      refused = await within(create("Never stored"))
    })
    expect(refused.status).toBe(500)
    // The 500 is logged with its cause, not left an empty answer nobody can trace.
    expect(log).toMatch(/POST \/v2\/labs\/ answered 500/)
    expect(log).toMatch(/FOREIGN KEY constraint failed|violates foreign key constraint/)
    // Reads and writes that need the database still get answers while the cause lasts.
    expect((await within(api(server).get("/v2/labs/", { token: ada.access }))).status).toBe(200)
    expect((await within(create("Also refused"))).status).toBe(500)
    await release()
    const created = await within(create("Stored after"))
    expect(created.status).toBe(201)
    const names = (await within(api(server).get("/v2/labs/", { token: ada.access }))).body.data.results.map((l: { name: string }) => l.name)
    expect(names).toEqual(["Stored after"])
  })
})
