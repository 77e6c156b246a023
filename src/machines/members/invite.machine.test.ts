import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { type InviteEmitted, type InviteEvent, inviteMachine, SUGGEST_DEBOUNCE_MS } from "./invite.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError } from "../../testing/fixtures.ts"
import { alan, grace, member } from "../../testing/memberFixtures.ts"
import { SUGGEST_MIN_CHARS } from "../../contract/members.ts"
import { lastInput, modelFor } from "../../testing/modelHarness.ts"

const input = { labId: "l1", locale: "id" as const, inbox: null }
const graceMember = member("m-grace", { email: "grace@lab.test", name: "Grace Hopper" })

const model = modelFor({
  machine: inviteMachine,
  promiseActors: ["suggest", "invite"],
  input,
  events: {
    typeTwo: { type: "invite.type", text: "gr" },
    typeOne: { type: "invite.type", text: "g" },
    typeBad: { type: "invite.type", text: "bob@" },
    add: { type: "invite.add" },
    pick: { type: "invite.pick", user: grace },
    remove: { type: "invite.remove", email: "grace@lab.test" },
    setRole: { type: "invite.setRole", email: "grace@lab.test", role: "admin" },
    boxRole: { type: "invite.role", role: "admin" },
    submit: { type: "invite.submit" },
    suggested: { type: "xstate.done.actor.suggest", output: [grace, alan] },
    suggestFailed: { type: "xstate.error.actor.suggest", error: fieldError("search", "x") },
    invited: { type: "xstate.done.actor.invite", output: [graceMember] },
    inviteRefused: { type: "xstate.error.actor.invite", error: fieldError("email", "grace@lab.test is the owner of this lab.") }
  } as unknown as Record<string, InviteEvent>,
  // Whether someone is chosen, and whether something is typed, decide what Invite does.
  distinguish: ({ value, context }) => ({ value, chosen: context.invitees.length > 0, typed: context.query }),
  states: {
    suggest: (actual, _, { via, event, before }) => {
      const { context } = actual
      const emails = context.invitees.map((i) => i.email)
      // Suggestions never offer someone already chosen, and nobody is chosen twice.
      expect(context.suggestions.some((s) => emails.includes(s.email))).toBe(false)
      expect(new Set(emails).size).toBe(emails.length)
      switch (via) {
        case "pick":
          expect(emails).toContain("grace@lab.test")
          expect(context.query).toBe("")
          expect(context.invitees.find((i) => i.email === "grace@lab.test")?.role).toBe(
            before?.context.invitees.find((i) => i.email === "grace@lab.test")?.role ?? context.role
          )
          break
        case "remove":
          expect(emails).not.toContain("grace@lab.test")
          break
        case "setRole":
          // One row's role, and only that row's.
          if (before?.context.invitees.some((i) => i.email === "grace@lab.test"))
            expect(context.invitees.find((i) => i.email === "grace@lab.test")?.role).toBe("admin")
          expect(context.role).toBe(before?.context.role)
          break
        case "boxRole":
          expect(context.role).toBe("admin")
          expect(context.invitees.every((i) => i.role === "admin")).toBe(true)
          break
        case "typeOne":
        case "typeTwo":
        case "typeBad":
          expect(context.query).toBe((event as { text: string }).text)
          expect(context.error).toBeNull()
          break
        case "add":
          // What is typed becomes an invitee, or stays with the reason it cannot.
          if (before?.context.query === "bob@") {
            expect(context.error).toEqual({ key: "members.invite.invalidEmail", params: { email: "bob@" } })
            expect(context.invitees).toEqual(before.context.invitees)
          }
          break
      }
    },
    "suggest.idle": (actual, calls, { via, callsBefore }) => {
      if (via === "typeOne" || via === "typeBad") {
        // Too short (or not a name) to search: no suggestions, no request.
        expect(actual.context.suggestions).toEqual([])
        expect(calls.filter((c) => c.src === "suggest").length).toBe(calls.slice(0, callsBefore).filter((c) => c.src === "suggest").length)
      }
      if (via === "suggested")
        expect(actual.context.suggestions.map((s) => s.email)).toEqual(
          [grace, alan].map((s) => s.email).filter((email) => !actual.context.invitees.some((i) => i.email === email))
        )
      if (via === "suggestFailed") expect(actual.context.suggestions).toEqual([])
    },
    "suggest.debouncing": (actual, calls, { via, callsBefore }) => {
      // Typing enough waits before asking.
      expect(actual.context.query.trim().length).toBeGreaterThanOrEqual(SUGGEST_MIN_CHARS)
      if (via === "typeTwo") expect(calls).toHaveLength(callsBefore)
    },
    "suggest.searching": (actual, calls, { before, waited }) => {
      expect(lastInput(calls, "suggest")).toEqual({ labId: "l1", search: actual.context.query })
      // Suggestions are asked for once typing has settled for 250 ms.
      if (!before?.matches({ suggest: "searching" })) expect(waited).toBe(SUGGEST_DEBOUNCE_MS)
    },
    "submit.editing": (actual, calls, { via, before, emitted, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      // Sending ends only with its answer: typing meanwhile does not cancel it.
      if (before?.hasTag("busy")) expect(via).toMatch(/^(invited|inviteRefused)$/)
      switch (via) {
        case "submit":
          // Invite was not sent: say why, and keep everything.
          expect(calls).toHaveLength(callsBefore)
          expect(actual.context.error).toEqual(
            before?.context.query
              ? { key: "members.invite.invalidEmail", params: { email: before.context.query } }
              : { key: "validation.atLeast1User" }
          )
          break
        case "invited":
          // Those invited leave the box; the view hears who they are.
          expect(actual.context.invitees.map((i) => i.email)).not.toContain("grace@lab.test")
          expect(emitted).toEqual([{ type: "invite.sent", members: [graceMember] }])
          expect(actual.context.error).toBeNull()
          break
        case "inviteRefused":
          expect(actual.context.invitees).toEqual(before?.context.invitees)
          expect(emitted).toEqual([{ type: "invite.failed", error: { text: "grace@lab.test is the owner of this lab." } }])
          break
      }
    },
    "submit.sending": (actual, calls, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(true)
      if (via !== "submit") return
      // Who is sent is fixed when sending starts: everyone chosen, with their roles.
      expect(lastInput(calls, "invite")).toEqual({ labId: "l1", locale: "id", invitees: actual.context.invitees })
      expect(actual.context.invitees.length).toBeGreaterThanOrEqual(before?.context.invitees.length ?? 0)
      expect(actual.context.invitees.length).toBeGreaterThan(0)
    }
  }
})

describe("invite model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("invite scenarios", () => {
  const start = () => {
    const received: Array<{ type: string }> = []
    const inbox = createActor(fromCallback<{ type: string }>(({ receive }) => receive((e) => void received.push(e)))).start()
    const run = drive(inviteMachine, ["suggest", "invite"], { input: { ...input, inbox } })
    const emitted: Array<InviteEmitted> = []
    run.actor.on("*", (e) => void emitted.push(e as InviteEmitted))
    return { run, received, emitted }
  }

  it("asks for 'Enter at least 1 user.' when Invite is pressed with no one chosen", async () => {
    const { run } = start()
    await run.send({ type: "invite.submit" })
    expect(run.actor.getSnapshot().context.error).toEqual({ key: "validation.atLeast1User" })
    expect(run.isRunning("invite")).toBe(false)
  })

  it("explains a typed address that is not an email instead of inviting", async () => {
    const { run } = start()
    await run.send({ type: "invite.type", text: "bob@" })
    await run.send({ type: "invite.submit" })
    expect(run.actor.getSnapshot().context.error).toEqual({ key: "members.invite.invalidEmail", params: { email: "bob@" } })
    expect(run.isRunning("invite")).toBe(false)
  })

  it("invites typed and picked people with their roles, then hands the members to the list", async () => {
    const { run, received, emitted } = start()
    await run.send({ type: "invite.type", text: "new@lab.test" })
    await run.send({ type: "invite.add" })
    await run.send({ type: "invite.type", text: "gr" })
    await run.wait(SUGGEST_DEBOUNCE_MS)
    await run.succeed("suggest", [grace, alan])
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.setRole", email: "grace@lab.test", role: "admin" })
    await run.send({ type: "invite.submit" })
    expect(run.lastInput("invite")).toEqual({
      labId: "l1",
      locale: "id",
      invitees: [
        { email: "new@lab.test", name: null, avatar: null, role: "reviewer" },
        { email: "grace@lab.test", name: "Grace Hopper", avatar: null, role: "admin" }
      ]
    })
    const invited = [member("m-new", { email: "new@lab.test", is_pending: true }), graceMember]
    await run.succeed("invite", invited)
    expect(received).toEqual([{ type: "members.invited", members: invited }])
    expect(emitted.filter((e) => e.type === "invite.sent")).toHaveLength(1)
    expect(run.actor.getSnapshot().context.invitees).toEqual([])
  })

  it("keeps the invitees when the invitation fails, and says why", async () => {
    const { run, emitted } = start()
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.submit" })
    await run.fail("invite", fieldError("email", "grace@lab.test is the owner of this lab."))
    expect(emitted.filter((e) => e.type === "invite.failed")).toEqual([
      { type: "invite.failed", error: { text: "grace@lab.test is the owner of this lab." } }
    ])
    expect(run.actor.getSnapshot().context.invitees.map((i) => i.email)).toEqual(["grace@lab.test"])
  })

  it("the box's role applies to everyone chosen and to those added after", async () => {
    const { run } = start()
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.role", role: "admin" })
    await run.send({ type: "invite.pick", user: alan })
    expect(run.actor.getSnapshot().context.invitees.map((i) => i.role)).toEqual(["admin", "admin"])
  })

  it("asks for suggestions only once typing has settled for the debounce", async () => {
    const { run } = start()
    await run.send({ type: "invite.type", text: "gr" })
    await run.wait(SUGGEST_DEBOUNCE_MS - 50)
    await run.send({ type: "invite.type", text: "gra" })
    await run.wait(SUGGEST_DEBOUNCE_MS - 1)
    expect(run.isRunning("suggest")).toBe(false)
    await run.wait(1)
    expect(run.lastInput("suggest")).toEqual({ labId: "l1", search: "gra" })
  })

  it("does not suggest someone already chosen", async () => {
    const { run } = start()
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.type", text: "gr" })
    await run.wait(SUGGEST_DEBOUNCE_MS)
    await run.succeed("suggest", [grace, alan])
    expect(run.actor.getSnapshot().context.suggestions).toEqual([alan])
  })
})
