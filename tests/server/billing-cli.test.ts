// The operator's command line (npm run staff), run as a child process against a running server's
// data (its SQLite file or PostgreSQL schema): staff are granted and revoked only here, and staff's
// decisions made here are recorded as the operator's, mailed, and seen by the server at once.
import { spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { mailWith, waitingInvoice } from "./support/billing-api.ts"

let server: StartedServer
let c: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  c = api(server)
})
afterAll(() => server.stop())

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** `node server/cli.ts ...args` with the server's environment, as `npm run staff -- ...args` runs it. */
const staffCommand = (...args: ReadonlyArray<string>): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server/cli.ts", ...args], {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        DATABASE_URL: server.config.databaseUrl ?? "",
        PUBLIC_URL: server.url,
        SECRET_KEY: server.config.secretKey
      },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.once("error", reject)
    child.once("exit", (code) => resolve({ code, stdout, stderr }))
  })

const isStaff = async (user: SignedIn) => (await c.get("/v2/pricing/plan/current/", { token: user.access })).body.data.staff

// Each test starts the command as its own Node process several times; on CI's two cores, beside the
// e2e suite's Chromiums, one start has taken several seconds, and a test of five starts ran past 30 s.
describe("npm run staff", { timeout: 120_000 }, () => {
  it("grants and revokes staff, lists them, and records each change as the operator's", async () => {
    const sari = await createSignedIn(server, { name: "Sari Staff" })
    expect(await isStaff(sari)).toBe(false)

    const granted = await staffCommand("grant", sari.email.toUpperCase())
    expect(granted.code, granted.stderr).toBe(0)
    expect(granted.stdout).toContain("is now staff")
    expect(await isStaff(sari)).toBe(true)
    expect((await c.get("/v2/staff/payments/", { token: sari.access })).status).toBe(200)
    expect((await staffCommand("grant", sari.email)).stdout).toContain("already staff")
    expect((await staffCommand("list")).stdout).toContain(sari.email)

    const revoked = await staffCommand("revoke", sari.email)
    expect(revoked.code).toBe(0)
    expect(await isStaff(sari)).toBe(false)
    expect((await c.get("/v2/staff/payments/", { token: sari.access })).status).toBe(403)
    expect((await staffCommand("list")).stdout).not.toContain(sari.email)

    const actions = await server.withDb((db) =>
      db
        .selectFrom("staff_actions")
        .select(["action", "staff_label", "staff_id"])
        .where("target_user_id", "=", sari.id)
        .orderBy("created_at")
        .execute()
    )
    expect(actions).toEqual([
      { action: "staff.grant", staff_label: "operator", staff_id: null },
      { action: "staff.revoke", staff_label: "operator", staff_id: null }
    ])
    const kinds = await server.withDb((db) =>
      db.selectFrom("events").select("kind").where("kind", "in", ["staff.granted", "staff.revoked"]).orderBy("seq").execute()
    )
    expect(kinds.map((k) => k.kind)).toEqual(["staff.granted", "staff.revoked"])
  })

  it("refuses an unknown account, an unknown command and a missing argument with exit code 1", async () => {
    const unknown = await staffCommand("grant", "nobody@example.com")
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("No account with the email nobody@example.com")
    const bad = await staffCommand("promote", "x@example.com")
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain("Usage: npm run staff")
    expect((await staffCommand("grant")).code).toBe(1)
  })

  it("lists waiting payments oldest first, and accepts one by its number: the plan starts, the user is told", async () => {
    const first = await createSignedIn(server, { name: "First Payer" })
    const second = await createSignedIn(server, { name: "Second Payer" })
    const a = await waitingInvoice(server, first)
    const b = await waitingInvoice(server, second)

    const listed = await staffCommand("payments")
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout.indexOf(a.number)).toBeGreaterThanOrEqual(0)
    expect(listed.stdout.indexOf(a.number)).toBeLessThan(listed.stdout.indexOf(b.number))
    expect(listed.stdout).toContain(first.email)

    const accepted = await staffCommand("accept", a.number)
    expect(accepted.code, accepted.stderr).toBe(0)
    expect(accepted.stdout).toContain(`${a.number} accepted`)
    // The running server sees it at once.
    expect((await c.get("/v2/pricing/plan/storage/", { token: first.access })).body.data.total_storage).toBe(50 * 1024 ** 3)
    const detail = (await c.get(`/v2/pricing/payments/${a.id}/`, { token: first.access })).body.data
    expect(detail.status).toBe("paid")
    expect(detail.history.at(-1)).toMatchObject({ kind: "accepted", by: "staff" })
    expect((await c.get("/v2/notifications/", { token: first.access })).body.data.data.results[0]).toMatchObject({
      type: "payment",
      invoice: { id: a.id }
    })
    // The mail left before the command ended.
    expect((await mailWith(server, first.email, "accepted", 0)).subject).toContain(a.number)
    // Recorded as the operator's decision.
    const action = await server.withDb((db) =>
      db.selectFrom("staff_actions").select(["action", "staff_label"]).where("invoice_id", "=", a.id).executeTakeFirstOrThrow()
    )
    expect(action).toEqual({ action: "payment.accept", staff_label: "operator" })
    expect((await staffCommand("payments")).stdout).not.toContain(a.number)
  })

  it("rejects one by its id only with a reason, which the user is told", async () => {
    const payer = await createSignedIn(server, { name: "Rejected Payer" })
    const invoice = await waitingInvoice(server, payer)

    const noReason = await staffCommand("reject", invoice.id)
    expect(noReason.code).toBe(1)
    expect(noReason.stderr).toContain("--reason")
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, { token: payer.access })).body.data.status).toBe("waiting")

    const reason = "The receipt shows a transfer to another account."
    const rejected = await staffCommand("reject", invoice.id, "--reason", reason)
    expect(rejected.code, rejected.stderr).toBe(0)
    const detail = (await c.get(`/v2/pricing/payments/${invoice.id}/`, { token: payer.access })).body.data
    expect(detail).toMatchObject({ status: "unpaid", rejection_reason: reason })
    expect((await mailWith(server, payer.email, "could not be accepted", 0)).text).toContain(reason)

    // Decided already: accepting it now is refused.
    const again = await staffCommand("accept", invoice.id)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("no receipt waiting")
    expect((await staffCommand("accept", "INV-000000-NOSUCH")).stderr).toContain("No such invoice")
  })
})
