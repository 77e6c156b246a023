import { describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { type MembersEmitted, type MembersEvent, membersMachine } from "./members.machine.ts"
import { drive } from "./testing/drive.ts"
import { fieldError, serverDown } from "./testing/fixtures.ts"
import { member, membersPage1, membersPage2, membersPage3, owner } from "./testing/memberFixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const input = { labId: "l1", userId: "u1", locale: "en" as const }
/** The invite box is its own machine with its own model test. */
const provide = { actors: { inviteBox: createMachine({ id: "inviteStub" }) } } as never
const asOwner = { page: membersPage1, role: "owner" }
const asReviewer = { page: membersPage1, role: "reviewer" }
const m1 = membersPage1.results[1]!
const m2 = membersPage1.results[2]!
const m1Admin = { ...m1, role_member: "admin" }

const model = modelFor({
  machine: membersMachine,
  promiseActors: ["loadFirst", "loadPage", "changeRole", "remove", "transfer"],
  provide,
  input,
  events: [
    { type: "members.search", text: " m1 " },
    { type: "members.more" },
    { type: "members.retry" },
    { type: "members.reload" },
    { type: "members.changeRole", member: m1, role: "admin" },
    { type: "members.remove", member: m1 },
    { type: "members.transfer", member: m2 },
    { type: "members.invited", members: [member("new", { is_pending: true, user_id: null })] },
    { type: "xstate.done.actor.loadFirst", output: asOwner },
    { type: "xstate.done.actor.loadFirst", output: asReviewer },
    { type: "xstate.error.actor.loadFirst", error: serverDown },
    { type: "xstate.done.actor.loadPage", output: membersPage2 },
    { type: "xstate.error.actor.loadPage", error: serverDown },
    { type: "xstate.done.actor.changeRole", output: m1Admin },
    { type: "xstate.error.actor.changeRole", error: serverDown },
    { type: "xstate.done.actor.remove", output: undefined },
    { type: "xstate.error.actor.remove", error: fieldError("non_field_errors", "x") },
    { type: "xstate.done.actor.transfer", output: { id: "l1" } },
    { type: "xstate.error.actor.transfer", error: serverDown }
  ] as unknown as ReadonlyArray<MembersEvent>,
  // The walk stops at the first change to the list: what follows a deletion, an invitation, a role
  // change, a second page or a search is the same statechart again, only with more to compare.
  stopWhen: (s) => {
    const { deletions, members, search, role } = s.context
    return (
      deletions > 0 ||
      members.some((m) => m.id === "new" || m.role_member === "admin") ||
      members.length > 5 ||
      search !== "" ||
      role === "reviewer"
    )
  },
  states: {
    "list.loading": (actual, calls) =>
      expect(calls.filter((c) => c.src === "loadFirst").at(-1)?.input).toEqual({
        labId: "l1",
        search: actual.context.search,
        page: 1,
        withRole: actual.context.role === null
      }),
    "list.failed": (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    "action.changingRole": (actual) => expect(actual.context.operation).toMatchObject({ kind: "role", member: { id: "m1" }, role: "admin" }),
    "action.removing": (actual) => expect(actual.context.operation).toMatchObject({ kind: "remove", member: { id: "m1" } }),
    "action.transferring": (actual, calls) => {
      expect(actual.context.operation).toMatchObject({ kind: "transfer", member: { id: "m2" } })
      expect(calls.filter((c) => c.src === "transfer").at(-1)?.input).toEqual({ labId: "l1", userId: "u-m2" })
    }
  }
})

describe("members model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  }, 60_000)
})

describe("members scenarios", () => {
  const start = () => {
    const run = drive(membersMachine, ["loadFirst", "loadPage", "changeRole", "remove", "transfer"], { input, provide })
    const emitted: Array<MembersEmitted> = []
    run.actor.on("*", (e) => void emitted.push(e as MembersEmitted))
    return { run, emitted }
  }
  const ids = (run: ReturnType<typeof start>["run"]) => run.actor.getSnapshot().context.members.map((m) => m.id)

  it("loads five at a time with the viewer's role, and stops when there is no next page", async () => {
    const { run } = start()
    expect(run.lastInput("loadFirst")).toEqual({ labId: "l1", search: "", page: 1, withRole: true })
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.more" })
    await run.succeed("loadPage", membersPage2)
    await run.send({ type: "members.more" })
    expect(run.lastInput("loadPage")).toMatchObject({ page: 3 })
    await run.succeed("loadPage", membersPage3)
    await run.send({ type: "members.more" })
    expect(run.isRunning("loadPage")).toBe(false)
    expect(ids(run)).toHaveLength(12)
    expect(ids(run)[0]).toBe("owner")
  })

  it("after five deletions the next page is the one before", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.more" })
    await run.succeed("loadPage", membersPage2)
    for (const id of ["m1", "m2", "m3", "m4", "m5"]) {
      await run.send({ type: "members.remove", member: member(id) })
      await run.succeed("remove", undefined)
    }
    await run.send({ type: "members.more" })
    expect(run.lastInput("loadPage")).toMatchObject({ page: 2 })
  })

  it("changes a role and tells the view; a failure is told too and changes nothing", async () => {
    const { run, emitted } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.changeRole", member: m1, role: "admin" })
    expect(run.lastInput("changeRole")).toEqual({ id: "m1", role: "admin" })
    await run.succeed("changeRole", m1Admin)
    expect(run.actor.getSnapshot().context.members[1]?.role_member).toBe("admin")
    await run.send({ type: "members.remove", member: m2 })
    await run.fail("remove", serverDown)
    expect(emitted).toEqual([
      { type: "members.done", operation: { kind: "role", member: m1, role: "admin" } },
      { type: "members.failed", operation: { kind: "remove", member: m2 }, error: { key: "errors.serverError" } }
    ])
    expect(ids(run)).toContain("m2")
  })

  it("never changes the owner's row or the viewer's own, and reviewers change nothing", async () => {
    const owned = start()
    await owned.run.succeed("loadFirst", asOwner)
    await owned.run.send({ type: "members.changeRole", member: owner, role: "admin" })
    await owned.run.send({ type: "members.remove", member: member("me", { user_id: "u1" }) })
    expect(owned.run.invocations.map((i) => i.src)).toEqual(["loadFirst"])
    const reviewing = start()
    await reviewing.run.succeed("loadFirst", asReviewer)
    await reviewing.run.send({ type: "members.remove", member: m1 })
    await reviewing.run.send({ type: "members.transfer", member: m1 })
    expect(reviewing.run.invocations.map((i) => i.src)).toEqual(["loadFirst"])
  })

  it("a transfer reloads the list and the viewer's role (the former owner is an admin now)", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.transfer", member: m2 })
    expect(run.lastInput("transfer")).toEqual({ labId: "l1", userId: "u-m2" })
    await run.succeed("transfer", { id: "l1" })
    expect(run.lastInput("loadFirst")).toEqual({ labId: "l1", search: "", page: 1, withRole: true })
    await run.succeed("loadFirst", { page: membersPage1, role: "admin" })
    expect(run.actor.getSnapshot().context.role).toBe("admin")
  })

  it("invited members join right after the owner", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.invited", members: [member("new")] })
    expect(ids(run).slice(0, 3)).toEqual(["owner", "new", "m1"])
  })

  it("a search reads the first page again with the trimmed text", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.search", text: "  grace " })
    expect(run.lastInput("loadFirst")).toEqual({ labId: "l1", search: "grace", page: 1, withRole: false })
  })
})
