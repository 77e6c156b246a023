import { describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { type MembersEmitted, type MembersEvent, membersMachine } from "./members.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, serverDown } from "../../testing/fixtures.ts"
import { member, membersPage1, membersPage2, membersPage3, owner } from "../../testing/memberFixtures.ts"
import { lastInput, modelFor } from "../../testing/modelHarness.ts"

const input = { labId: "l1", userId: "u1", locale: "en" as const }
/** The invite box is its own machine with its own model test. */
const provide = { actors: { inviteBox: createMachine({ id: "inviteStub" }) } } as never
const asOwner = { page: membersPage1, role: "owner" }
const asReviewer = { page: membersPage1, role: "reviewer" }
const m1 = membersPage1.results[1]!
const m2 = membersPage1.results[2]!
const m1Admin = { ...m1, role_member: "admin" }

const invitation = { id: "new", email: "new@lab.test", role_member: "reviewer", lab_id: "l1", is_inherited: false } as const
const idsOf = (members: ReadonlyArray<{ readonly id: string }>) => members.map((m) => m.id)

const model = modelFor({
  machine: membersMachine,
  promiseActors: ["loadFirst", "loadPage", "changeRole", "remove", "transfer"],
  provide,
  input,
  events: {
    search: { type: "members.search", text: " m1 " },
    more: { type: "members.more" },
    retry: { type: "members.retry" },
    reload: { type: "members.reload" },
    changeRole: { type: "members.changeRole", member: m1, role: "admin" },
    remove: { type: "members.remove", member: m1 },
    transfer: { type: "members.transfer", member: m2 },
    invited: { type: "members.invited", members: [invitation] },
    loadedAsOwner: { type: "xstate.done.actor.loadFirst", output: asOwner },
    loadedAsReviewer: { type: "xstate.done.actor.loadFirst", output: asReviewer },
    loadedAsAdmin: { type: "xstate.done.actor.loadFirst", output: { page: membersPage1, role: "admin" } },
    loadFailed: { type: "xstate.error.actor.loadFirst", error: serverDown },
    pageLoaded: { type: "xstate.done.actor.loadPage", output: membersPage2 },
    pageFailed: { type: "xstate.error.actor.loadPage", error: serverDown },
    roleChanged: { type: "xstate.done.actor.changeRole", output: m1Admin },
    roleRefused: { type: "xstate.error.actor.changeRole", error: serverDown },
    removed: { type: "xstate.done.actor.remove", output: undefined },
    removeRefused: { type: "xstate.error.actor.remove", error: fieldError("non_field_errors", "x") },
    transferred: { type: "xstate.done.actor.transfer", output: { id: "l1" } },
    transferRefused: { type: "xstate.error.actor.transfer", error: serverDown }
  } as unknown as Record<string, MembersEvent>,
  // The viewer's role decides which changes are allowed; whether a next page is known decides "more".
  // Deletions are followed one after another in the owner's ready list up to the fifth; elsewhere
  // they change nothing more than the first does (and past five the count would only grow).
  stopWhen: (snapshot) =>
    snapshot.context.deletions > 5 ||
    (snapshot.context.deletions > 0 &&
      !(snapshot.context.role === "owner" && snapshot.matches({ list: "ready" }) && snapshot.matches({ action: "idle" })) &&
      !(snapshot.context.role === "owner" && snapshot.matches({ list: "ready" }) && snapshot.matches({ action: "removing" }))),
  // The deletions so far count too: the fifth moves the next-page pointer back.
  distinguish: ({ value, context }) => ({ value, role: context.role, more: context.nextPage !== null, deletions: context.deletions }),
  states: {
    list: (actual, _, { via }) => {
      // An invitation reads the list again whatever the list region is doing: its answer does not
      // say who is behind the addresses.
      if (via === "invited") expect(actual.matches({ list: "loading" })).toBe(true)
    },
    "list.loading": (actual, calls, { via, before }) => {
      expect(actual.hasTag("loading")).toBe(true)
      if (via === "search") expect(actual.context.search).toBe("m1")
      if (via === "transferred") expect(actual.context.role).toBeNull()
      // The first page is read again, with the role when it is not known (at first, after a transfer).
      expect(lastInput(calls, "loadFirst")).toEqual({
        labId: "l1",
        search: via === "search" ? "m1" : (before?.context.search ?? ""),
        page: 1,
        withRole: actual.context.role === null
      })
    },
    "list.ready": (actual, calls, { via, before, callsBefore }) => {
      expect(actual.hasTag("loading")).toBe(false)
      switch (via) {
        case "loadedAsOwner":
        case "loadedAsReviewer":
        case "loadedAsAdmin":
          expect(actual.context.members).toEqual(membersPage1.results)
          expect(actual.context.role).toBe({ loadedAsOwner: "owner", loadedAsReviewer: "reviewer", loadedAsAdmin: "admin" }[via])
          expect(actual.context.nextPage).toBe(2)
          expect(actual.context.error).toBeNull()
          break
        case "pageLoaded":
          expect(idsOf(actual.context.members)).toEqual([...idsOf(before?.context.members ?? []), ...idsOf(membersPage2.results)])
          expect(actual.context.nextPage).toBe(3)
          break
        case "pageFailed":
          // The list stays as it was, with the reason beneath it.
          expect(actual.context.members).toEqual(before?.context.members)
          expect(actual.context.error).toEqual({ key: "errors.serverError" })
          break
        case "more":
          // Without a next page, "more" asks for nothing.
          expect(before?.context.nextPage).toBeNull()
          expect(calls).toHaveLength(callsBefore)
          break
      }
    },
    "list.loadingMore": (actual, calls, { via, before }) => {
      if (via !== "more") return
      expect(lastInput(calls, "loadPage")).toEqual({
        labId: "l1",
        search: actual.context.search,
        page: before?.context.nextPage
      })
    },
    "list.failed": (actual) => {
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
      expect(actual.hasTag("loading")).toBe(false)
    },
    "action.idle": (actual, calls, { via, before, emitted, callsBefore }) => {
      expect(actual.hasTag("working")).toBe(false)
      expect(actual.context.operation).toBeNull()
      // A change on its way ends only with its answer (a search or a reload does not cancel it).
      if (before?.hasTag("working")) expect(via).toMatch(/^(roleChanged|roleRefused|removed|removeRefused|transferred|transferRefused)$/)
      const operation = before?.context.operation
      switch (via) {
        case "roleChanged":
          // The member changed shows the new role (if the list still shows them).
          if (before?.context.members.some((m) => m.id === "m1"))
            expect(actual.context.members.find((m) => m.id === "m1")?.role_member).toBe("admin")
          expect(emitted).toEqual([{ type: "members.done", operation }])
          break
        case "removed": {
          expect(idsOf(actual.context.members)).not.toContain("m1")
          expect(emitted).toEqual([{ type: "members.done", operation }])
          // Spec: after five deletions in a paged list the next-page pointer steps back by one (the
          // deleted ones moved the later members up a page), and the count starts again.
          const counted = (before?.context.deletions ?? 0) + 1
          const next = before?.context.nextPage ?? null
          expect([actual.context.nextPage, actual.context.deletions]).toEqual(
            counted === 5 ? [next === null ? null : Math.max(1, next - 1), 0] : [next, counted]
          )
          break
        }
        case "transferred":
          expect(emitted).toEqual([{ type: "members.done", operation }])
          break
        case "roleRefused":
        case "transferRefused":
        case "removeRefused":
          // The failure is told, and the list is unchanged.
          expect(actual.context.members).toEqual(before?.context.members)
          expect(emitted).toEqual([
            { type: "members.failed", operation, error: via === "removeRefused" ? { text: "x" } : { key: "errors.serverError" } }
          ])
          break
        case "changeRole":
        case "remove":
        case "transfer":
          // Not allowed to the viewer: nothing is asked.
          expect(before?.context.role === "owner" || (before?.context.role === "admin" && via !== "transfer")).toBe(false)
          expect(calls).toHaveLength(callsBefore)
          break
      }
    },
    "action.changingRole": (actual, calls, { via, before }) => {
      if (via === "changeRole") expect(["owner", "admin"]).toContain(before?.context.role)
      expect(actual.hasTag("working")).toBe(true)
      expect(actual.context.operation).toEqual({ kind: "role", member: m1, role: "admin" })
      expect(lastInput(calls, "changeRole")).toEqual({ id: "m1", role: "admin" })
    },
    "action.removing": (actual, calls, { via, before }) => {
      if (via === "remove") expect(["owner", "admin"]).toContain(before?.context.role)
      expect(actual.hasTag("working")).toBe(true)
      expect(actual.context.operation).toEqual({ kind: "remove", member: m1 })
      expect(lastInput(calls, "remove")).toEqual("m1")
    },
    "action.transferring": (actual, calls, { via, before }) => {
      // Only the owner hands the lab over.
      if (via === "transfer") expect(before?.context.role).toBe("owner")
      expect(actual.hasTag("working")).toBe(true)
      expect(actual.context.operation).toEqual({ kind: "transfer", member: m2 })
      expect(lastInput(calls, "transfer")).toEqual({ labId: "l1", userId: "u-m2" })
    }
  }
})

describe("members model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
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

  it("an invitation reads the first page again, with the search kept", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.search", text: "gr" })
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.invited", members: [invitation] })
    expect(run.actor.getSnapshot().matches({ list: "loading" })).toBe(true)
    expect(run.lastInput("loadFirst")).toEqual({ labId: "l1", search: "gr", page: 1, withRole: false })
  })

  it("a search reads the first page again with the trimmed text", async () => {
    const { run } = start()
    await run.succeed("loadFirst", asOwner)
    await run.send({ type: "members.search", text: "  grace " })
    expect(run.lastInput("loadFirst")).toEqual({ labId: "l1", search: "grace", page: 1, withRole: false })
  })
})
