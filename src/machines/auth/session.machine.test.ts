import { describe, expect, it, vi } from "vitest"
import { createActor, createMachine, type EventObject, fromCallback } from "xstate"
import { RETRY_AFTER_MS, retryLater, type SessionEmitted, type SessionEvent, sessionMachine } from "./session.machine.ts"
import { drive } from "../../testing/drive.ts"
import { ada, serverDown, sessionGone } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const renamed = { ...ada, name: "Ada King" }
const promiseActors = ["hasStoredSession", "loadProfile", "logout"]
const silent = fromCallback<EventObject, void>(() => () => undefined)
/** The expiry watcher and the renewals need the app runtime, the retry a clock; here all are events. */
const provide = { actors: { watchExpiry: silent, retryLater: silent, keepFresh: silent } }

const model = modelFor({
  machine: sessionMachine,
  promiseActors,
  provide,
  events: [
    { type: "xstate.done.actor.hasStoredSession", output: true },
    { type: "xstate.done.actor.hasStoredSession", output: false },
    { type: "xstate.error.actor.hasStoredSession", error: new Error("storage blocked") },
    { type: "xstate.done.actor.loadProfile", output: ada },
    { type: "xstate.error.actor.loadProfile", error: sessionGone },
    { type: "xstate.error.actor.loadProfile", error: serverDown },
    { type: "xstate.done.actor.logout", output: undefined },
    { type: "xstate.error.actor.logout", error: serverDown },
    { type: "session.signedIn", user: ada },
    { type: "session.updated", user: renamed }
  ] as unknown as ReadonlyArray<SessionEvent>,
  states: {
    // At first nobody is known: only the stored session is looked at.
    unknown: (actual, calls) => {
      expect(actual.context.user).toBeNull()
      expect(calls.map((c) => c.src)).toEqual(["hasStoredSession"])
    },
    // A stored session is checked by reading the profile; nobody is shown as signed in meanwhile.
    loadingProfile: (actual, calls) => {
      expect(actual.context.user).toBeNull()
      expect(calls.at(-1)?.src).toBe("loadProfile")
    },
    signedIn: (actual) => {
      expect(actual.context.user).not.toBeNull()
      expect(actual.context.ended).toBe(false)
    },
    signedOut: (actual, _, { event, before }) => {
      expect(actual.context.user).toBeNull()
      // Only a kept session the server refused has "ended": the sign-in page says so. A browser that
      // never had one, or a user who signed out, is simply signed out.
      const refused =
        (before?.matches("loadingProfile") && (event as { error?: unknown } | undefined)?.error === sessionGone) ||
        (before?.matches("signedIn") && event?.type === "session.expired")
      expect(actual.context.ended).toBe(Boolean(refused))
    },
    signingOut: (actual) => expect(actual.context.user).toBeNull(),
    unavailable: (actual) => expect(actual.context.user).toBeNull()
  }
})

describe("session model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

const start = async (found: boolean) => {
  const run = drive(sessionMachine, promiseActors, { provide })
  const ended: Array<SessionEmitted> = []
  run.actor.on("session.ended", (event) => void ended.push(event))
  await run.succeed("hasStoredSession", found)
  return { run, ended }
}

describe("session scenarios", () => {
  it("without a kept session it is signed out and never asks the server", async () => {
    const { run } = await start(false)
    expect(run.actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(run.invocations.map((i) => i.src)).toEqual(["hasStoredSession"])
  })

  it("a kept session is signed in once its profile loads", async () => {
    const { run } = await start(true)
    expect(run.actor.getSnapshot().matches("loadingProfile")).toBe(true)
    await run.succeed("loadProfile", ada)
    expect(run.actor.getSnapshot().matches({ signedIn: "idle" })).toBe(true)
    expect(run.actor.getSnapshot().context.user).toEqual(ada)
  })

  it("a kept session the server refuses is signed out; an unreachable server is not", async () => {
    const refused = await start(true)
    await refused.run.fail("loadProfile", sessionGone)
    expect(refused.run.actor.getSnapshot().matches("signedOut")).toBe(true)

    const offline = await start(true)
    await offline.run.fail("loadProfile", serverDown)
    expect(offline.run.actor.getSnapshot().matches("unavailable")).toBe(true)
    await offline.run.send({ type: "session.retry" })
    await offline.run.succeed("loadProfile", ada)
    expect(offline.run.actor.getSnapshot().matches("signedIn")).toBe(true)
  })

  it("expiry signs out and tells the app to send the user to sign in", async () => {
    const { run, ended } = await start(true)
    await run.succeed("loadProfile", ada)
    await run.send({ type: "session.expired" })
    expect(run.actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(run.actor.getSnapshot().context.user).toBeNull()
    expect(ended).toEqual([{ type: "session.ended", reason: "expired" }])
    expect(run.actor.getSnapshot().context.ended).toBe(true)
    // Signing in again forgets that it ended.
    await run.send({ type: "session.signedIn", user: ada })
    expect(run.actor.getSnapshot().context.ended).toBe(false)
  })

  it("sign-out forgets the user at once and revokes the session on the server", async () => {
    const { run, ended } = await start(false)
    await run.send({ type: "session.signedIn", user: ada })
    await run.send({ type: "session.signOut" })
    expect(run.actor.getSnapshot().context.user).toBeNull()
    expect(run.isRunning("logout")).toBe(true)
    expect(ended).toEqual([{ type: "session.ended", reason: "signOut" }])
    await run.succeed("logout", undefined)
    expect(run.actor.getSnapshot().matches("signedOut")).toBe(true)
  })

  it("keeps the tokens fresh exactly while signed in", async () => {
    let running = 0
    const keepFresh = fromCallback<EventObject, void>(() => {
      running++
      return () => void running--
    })
    const run = drive(sessionMachine, promiseActors, { provide: { actors: { ...provide.actors, keepFresh } } })
    await run.succeed("hasStoredSession", true)
    expect(running).toBe(0)
    await run.succeed("loadProfile", ada)
    expect(running).toBe(1)
    // A profile reload is no new session: the same renewals go on.
    await run.send({ type: "session.refresh" })
    await run.succeed("loadProfile", ada)
    expect(running).toBe(1)
    await run.send({ type: "session.signOut" })
    expect(running).toBe(0)
    await run.send({ type: "session.signedIn", user: ada })
    expect(running).toBe(1)
    await run.send({ type: "session.expired" })
    expect(running).toBe(0)
  })

  it("a refresh that fails keeps the profile it had", async () => {
    const { run } = await start(false)
    await run.send({ type: "session.signedIn", user: ada })
    await run.send({ type: "session.refresh" })
    await run.fail("loadProfile", serverDown)
    expect(run.actor.getSnapshot().matches({ signedIn: "idle" })).toBe(true)
    expect(run.actor.getSnapshot().context.user).toEqual(ada)
  })
})

describe("retryLater", () => {
  it("asks again after a pause, and not before", () => {
    vi.useFakeTimers()
    try {
      const parent = createActor(
        createMachine({
          initial: "waiting",
          states: {
            waiting: { invoke: { src: retryLater }, on: { "session.retry": "retrying" } },
            retrying: {}
          }
        })
      ).start()
      vi.advanceTimersByTime(RETRY_AFTER_MS - 1)
      expect(parent.getSnapshot().value).toBe("waiting")
      vi.advanceTimersByTime(1)
      expect(parent.getSnapshot().value).toBe("retrying")
      parent.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
