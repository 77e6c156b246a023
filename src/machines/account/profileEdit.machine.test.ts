import { describe, expect, it } from "vitest"
import type { ProfileChanges } from "../../effects/auth/account.ts"
import { type ProfileEditEmitted, type ProfileEditEvent, profileEditMachine } from "./profileEdit.machine.ts"
import { drive } from "../../testing/drive.ts"
import { ada, fieldError, serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

/** A File that the model can tell apart from another when it serialises events and context. */
const file = (name: string, type: string, size: number): File =>
  Object.assign(new File([new Uint8Array(size)], name, { type }), { toJSON: () => ({ name, type, size }) })

const photo = file("me.png", "image/png", 2048)
const tooBig = file("huge.jpg", "image/jpeg", 2 * 1024 * 1024 + 1)
const notImage = file("cv.pdf", "application/pdf", 1000)
const changes: ProfileChanges = { name: " Ada King ", username: "ada", phone: "", company: "Lab", description: "" }
const saved = { ...ada, name: "Ada King" }

const model = modelFor({
  machine: profileEditMachine,
  promiseActors: ["load", "save"],
  events: [
    { type: "profile.pickAvatar", file: photo },
    { type: "profile.pickAvatar", file: notImage },
    { type: "profile.submit", values: changes },
    { type: "profile.submit", values: { ...changes, name: "  " } },
    { type: "xstate.done.actor.load", output: ada },
    { type: "xstate.error.actor.load", error: serverDown },
    { type: "xstate.done.actor.save", output: saved },
    { type: "xstate.error.actor.save", error: fieldError("username", "A user with that username already exists.") }
  ] as unknown as ReadonlyArray<ProfileEditEvent>,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(actual.context.profile).toBeNull()
      expect(calls.at(-1)?.src).toBe("load")
    },
    saving: (actual, calls) =>
      expect(calls.at(-1)?.input).toEqual({
        userId: "u1",
        changes: { ...changes, name: "Ada King" },
        avatar: actual.context.avatar
      }),
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    editing: (actual) => expect(actual.context.profile).not.toBeNull()
  }
})

describe("profileEdit model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

const loaded = async () => {
  const run = drive(profileEditMachine, ["load", "save"])
  await run.succeed("load", ada)
  return run
}

describe("profileEdit scenarios", () => {
  it("refuses a file that is not an image, or over 2MB, with the spec's messages", async () => {
    const run = await loaded()
    await run.send({ type: "profile.pickAvatar", file: notImage })
    expect(run.actor.getSnapshot().context.fields.avatar).toEqual([{ key: "validation.avatarFormat" }])
    await run.send({ type: "profile.pickAvatar", file: tooBig })
    expect(run.actor.getSnapshot().context.fields.avatar).toEqual([{ key: "validation.avatarSize" }])
    expect(run.actor.getSnapshot().context.avatar).toEqual({ _tag: "Keep" })
    await run.send({ type: "profile.pickAvatar", file: photo })
    expect(run.actor.getSnapshot().context.fields.avatar).toBeUndefined()
    expect(run.actor.getSnapshot().context.avatar).toEqual({ _tag: "Replace", file: photo })
  })

  it("saves the new avatar with the fields and announces the saved profile", async () => {
    const run = await loaded()
    const announced: Array<ProfileEditEmitted> = []
    run.actor.on("profile.saved", (event) => void announced.push(event))
    await run.send({ type: "profile.pickAvatar", file: photo })
    await run.send({ type: "profile.submit", values: changes })
    expect(run.lastInput("save")).toMatchObject({ avatar: { _tag: "Replace", file: photo } })
    await run.succeed("save", saved)
    expect(run.actor.getSnapshot().context).toMatchObject({ profile: saved, avatar: { _tag: "Keep" } })
    expect(announced).toEqual([{ type: "profile.saved", profile: saved }])
  })

  it("removing the avatar sends the removal; keeping it again sends nothing", async () => {
    const run = await loaded()
    await run.send({ type: "profile.removeAvatar" })
    await run.send({ type: "profile.keepAvatar" })
    await run.send({ type: "profile.removeAvatar" })
    await run.send({ type: "profile.submit", values: changes })
    expect(run.lastInput("save")).toMatchObject({ avatar: { _tag: "Remove" } })
  })

  it("a name is required; the server's field errors come back beside their fields", async () => {
    const run = await loaded()
    await run.send({ type: "profile.submit", values: { ...changes, name: "" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ name: [{ key: "validation.required" }] })
    expect(run.isRunning("save")).toBe(false)
    await run.send({ type: "profile.submit", values: changes })
    await run.fail("save", fieldError("username", "A user with that username already exists."))
    expect(run.actor.getSnapshot().matches("editing")).toBe(true)
    expect(run.actor.getSnapshot().context.fields.username).toEqual([{ text: "A user with that username already exists." }])
  })
})
