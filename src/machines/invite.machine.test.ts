import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { type InviteEmitted, type InviteEvent, inviteMachine } from "./invite.machine.ts"
import { drive } from "./testing/drive.ts"
import { fieldError } from "./testing/fixtures.ts"
import { alan, grace, member } from "./testing/memberFixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const input = { labId: "l1", locale: "id" as const, inbox: null }
const graceMember = member("m-grace", { email: "grace@lab.test", name: "Grace Hopper" })

const model = modelFor({
  machine: inviteMachine,
  promiseActors: ["suggest", "invite"],
  input,
  events: [
    { type: "invite.type", text: "gr" },
    { type: "invite.type", text: "g" },
    { type: "invite.type", text: "bob@" },
    { type: "invite.add" },
    { type: "invite.pick", user: grace },
    { type: "invite.remove", email: "grace@lab.test" },
    { type: "invite.setRole", email: "grace@lab.test", role: "admin" },
    { type: "invite.role", role: "admin" },
    { type: "invite.submit" },
    { type: "invite.timeout" },
    { type: "xstate.done.actor.suggest", output: [grace, alan] },
    { type: "xstate.error.actor.suggest", error: fieldError("search", "x") },
    { type: "xstate.done.actor.invite", output: [graceMember] },
    { type: "xstate.error.actor.invite", error: fieldError("email", "grace@lab.test is the owner of this lab.") }
  ] as unknown as ReadonlyArray<InviteEvent>,
  // Choosing the same person again changes nothing new; one role change shows the rule.
  stopWhen: (s) => s.context.invitees.some((i) => i.role === "admin") && s.context.role === "admin",
  states: {
    "suggest.searching": (actual, calls) => expect(calls.at(-1)).toEqual({ src: "suggest", input: { labId: "l1", search: actual.context.query } }),
    "submit.sending": (_, calls) => {
      // Who is sent is fixed when sending starts; the box may change while it is on its way.
      const sent = calls.filter((c) => c.src === "invite").at(-1)?.input as { labId: string; locale: string; invitees: ReadonlyArray<unknown> }
      expect(sent).toMatchObject({ labId: "l1", locale: "id" })
      expect(sent.invitees.length).toBeGreaterThan(0)
    },
    idle: (actual) => {
      // Suggestions never offer someone already chosen.
      const chosen = new Set(actual.context.invitees.map((i) => i.email))
      expect(actual.context.suggestions.some((s) => chosen.has(s.email))).toBe(false)
    }
  }
})

describe("invite model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
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
    await run.send({ type: "invite.timeout" })
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
    expect(emitted.filter((e) => e.type === "invite.failed")).toEqual([{ type: "invite.failed", error: { text: "grace@lab.test is the owner of this lab." } }])
    expect(run.actor.getSnapshot().context.invitees.map((i) => i.email)).toEqual(["grace@lab.test"])
  })

  it("the box's role applies to everyone chosen and to those added after", async () => {
    const { run } = start()
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.role", role: "admin" })
    await run.send({ type: "invite.pick", user: alan })
    expect(run.actor.getSnapshot().context.invitees.map((i) => i.role)).toEqual(["admin", "admin"])
  })

  it("does not suggest someone already chosen", async () => {
    const { run } = start()
    await run.send({ type: "invite.pick", user: grace })
    await run.send({ type: "invite.type", text: "gr" })
    await run.send({ type: "invite.timeout" })
    await run.succeed("suggest", [grace, alan])
    expect(run.actor.getSnapshot().context.suggestions).toEqual([alan])
  })
})
