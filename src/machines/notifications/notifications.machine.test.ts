import { describe, expect, it } from "vitest"
import { heardOf } from "../../effects/realtime/heard.ts"
import { createActor, type EventObject, fromCallback } from "xstate"
import { NotFound } from "../../effects/ApiError.ts"
import { type NotificationsEmitted, type NotificationsEvent, notificationsMachine, pushKindOf } from "./notifications.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { firstPage, refreshedPage, secondPage } from "../../testing/notificationFixtures.ts"

const silent = fromCallback<EventObject, never>(() => undefined)
const provide = { actors: { pushes: silent } } as never
const input = { userId: "u1", realtime: null }

type Snapshot = ReturnType<typeof notificationsMachine.transition>

/**
 * Spec, "Notification: unread becomes read when clicked (a PUT); navigation follows either way".
 * Checked in every state: a click on an unread notification shows it read at once, one fewer
 * unread, and sends its PUT; a click on one that is read (or not listed) changes nothing.
 */
const clickRule = (
  actual: Snapshot,
  calls: ReadonlyArray<Invocation>,
  { via, before, callsBefore }: Arrival<typeof notificationsMachine>
) => {
  if (via !== "notifications.open" || before === undefined) return
  const clicked = before.context.items.find((item) => item.id === "n2")
  const puts = calls.slice(callsBefore).filter((call) => call.src === "markRead")
  if (clicked !== undefined && !clicked.is_read) {
    expect(actual.context.items.find((item) => item.id === "n2")?.is_read).toBe(true)
    expect(actual.context.unread).toBe(before.context.unread - 1)
    expect(puts).toEqual([{ src: "markRead", input: "n2" }])
  } else {
    expect(actual.context.items).toEqual(before.context.items)
    expect(actual.context.unread).toBe(before.context.unread)
    expect(puts).toEqual([])
  }
}

/**
 * "Mark all as read", in every state: every listed notification shows read at once, the unread count
 * drops to zero, and one POST goes out when anything was unread; with nothing unread, nothing is sent.
 */
const readAllRule = (
  actual: Snapshot,
  calls: ReadonlyArray<Invocation>,
  { via, before, callsBefore }: Arrival<typeof notificationsMachine>
) => {
  if (via !== "notifications.readAll" || before === undefined) return
  const posts = calls.slice(callsBefore).filter((call) => call.src === "markAllRead")
  expect(actual.context.items.every((item) => item.is_read)).toBe(true)
  expect(actual.context.unread).toBe(0)
  const anyUnread = before.context.unread > 0 || before.context.items.some((item) => !item.is_read)
  expect(posts).toHaveLength(anyUnread ? 1 : 0)
}

const rules = (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: Arrival<typeof notificationsMachine>) => {
  clickRule(actual, calls, arrival)
  readAllRule(actual, calls, arrival)
}

const model = modelFor({
  machine: notificationsMachine,
  promiseActors: ["load", "markRead", "markAllRead"],
  provide,
  input,
  events: [
    { type: "notifications.more" },
    { type: "notifications.retry" },
    { type: "notifications.open", id: "n2" },
    { type: "notifications.pushed", kind: "invite" },
    { type: "notifications.pushed", kind: "subscribed" },
    // How a PUT ended changes nothing on screen, whenever it arrives.
    { type: "notifications.marked", id: "n2" },
    { type: "notifications.markFailed", id: "n2", error: serverDown },
    { type: "notifications.readAll" },
    { type: "notifications.allMarked" },
    { type: "notifications.markAllFailed", error: serverDown },
    { type: "xstate.done.actor.load", output: firstPage },
    { type: "xstate.done.actor.load", output: secondPage },
    { type: "xstate.done.actor.load", output: refreshedPage },
    { type: "xstate.error.actor.load", error: serverDown }
  ] as unknown as ReadonlyArray<NotificationsEvent>,
  // Opening is the same transition from every state; once one is open the walk goes no further,
  // which keeps it to the paging and refreshing rules.
  stopWhen: (s) => s.context.items.some((item) => item.id === "n2" && item.is_read),
  // A change heard while a page is on its way is remembered: it decides what the answer leads to.
  distinguish: ({ value, context }) => ({ value, stale: context.stale, more: context.nextPage !== null }),
  states: {
    loading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe(1)
    },
    refreshing: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe(1)
    },
    loadingMore: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe(actual.context.nextPage)
    },
    failed: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    },
    ready: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      const ids = actual.context.items.map((item) => item.id)
      expect(new Set(ids).size).toBe(ids.length)
    }
  }
})

describe("notifications model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("notifications scenarios", () => {
  const start = () => {
    const run = drive(notificationsMachine, ["load", "markRead"], { input, provide })
    const arrived: Array<NotificationsEmitted> = []
    run.actor.on("notifications.arrived", (e) => void arrived.push(e))
    return { run, arrived }
  }

  it("pages five at a time and stops when the server names no next page", async () => {
    const { run } = start()
    await run.succeed("load", firstPage)
    await run.send({ type: "notifications.more" })
    expect(run.lastInput("load")).toBe(2)
    await run.succeed("load", secondPage)
    await run.send({ type: "notifications.more" })
    expect(run.isRunning("load")).toBe(false)
    expect(run.actor.getSnapshot().context.items.map((i) => i.id)).toEqual(["n5", "n4", "n3", "n2", "n1", "n0"])
  })

  it("a push reloads the first page, keeps the older pages and announces only what is new and unread", async () => {
    const { run, arrived } = start()
    await run.succeed("load", firstPage)
    await run.send({ type: "notifications.more" })
    await run.succeed("load", secondPage)
    await run.send({ type: "notifications.pushed", kind: "ownership" })
    expect(run.lastInput("load")).toBe(1)
    await run.succeed("load", refreshedPage)
    const { items, unread, nextPage } = run.actor.getSnapshot().context
    expect(items.map((i) => i.id)).toEqual(["n6", "n5", "n4", "n3", "n2", "n1", "n0"])
    expect(unread).toBe(5)
    expect(nextPage).toBeNull()
    expect(arrived.map((e) => e.notification.id)).toEqual(["n6"])
  })

  it("opening marks it read at once and sends the PUT; opening it again sends nothing", async () => {
    const { run } = start()
    await run.succeed("load", firstPage)
    await run.send({ type: "notifications.open", id: "n3" })
    expect(run.lastInput("markRead")).toBe("n3")
    expect(run.actor.getSnapshot().context.unread).toBe(3)
    expect(run.actor.getSnapshot().context.items.find((i) => i.id === "n3")?.is_read).toBe(true)
    await run.succeed("markRead", undefined)
    await run.send({ type: "notifications.open", id: "n3" })
    expect(run.invocations.filter((i) => i.src === "markRead")).toHaveLength(1)
    expect(run.actor.getSnapshot().context.unread).toBe(3)
  })

  it("a refused PUT reaches the machine with its typed error; it carries on with the notification read", async () => {
    const { run } = start()
    await run.succeed("load", firstPage)
    await run.send({ type: "notifications.open", id: "n3" })
    expect(run.actor.getSnapshot().children["markRead.n3"]).toBeDefined()
    await run.send({ type: "notifications.markFailed", id: "n3", error: new NotFound({ message: "Notification not found." }) })
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.status).toBe("active")
    expect(snapshot.matches("ready")).toBe(true)
    expect(snapshot.children["markRead.n3"]).toBeUndefined()
    expect(snapshot.context.items.find((i) => i.id === "n3")?.is_read).toBe(true)
    expect(snapshot.context.unread).toBe(3)
    expect(snapshot.context.error).toBeNull()
  })

  it("marks all read at once with one POST; a second click sends nothing", async () => {
    const run = drive(notificationsMachine, ["load", "markRead", "markAllRead"], { input, provide })
    await run.succeed("load", firstPage)
    expect(run.actor.getSnapshot().context.unread).toBeGreaterThan(0)
    await run.send({ type: "notifications.readAll" })
    const { items, unread } = run.actor.getSnapshot().context
    expect(unread).toBe(0)
    expect(items.every((item) => item.is_read)).toBe(true)
    expect(run.invocations.filter((i) => i.src === "markAllRead")).toHaveLength(1)
    await run.succeed("markAllRead", undefined)
    await run.send({ type: "notifications.readAll" })
    expect(run.invocations.filter((i) => i.src === "markAllRead")).toHaveLength(1)
  })

  it("hears the user's own invite, ownership and comment events from the realtime actor", () => {
    const notice = { kind: "member.invited", lab_id: "l1", actor_id: "u2", notification_id: "n1", at: "2026-11-28T10:00:00Z" }
    const kindOf = (channel: string, event: string, data: unknown = notice) => pushKindOf("u1", heardOf(channel, event, data)!)
    expect(kindOf("private-notif_chat_u1", "invite_u1")).toBe("invite")
    expect(kindOf("private-ownership_changes_u1", "ownership_changes_u1")).toBe("ownership")
    expect(kindOf("private-notif_chat_u1", "notif_chat_u1")).toBe("chat")
    expect(kindOf("private-notif_chat_u1", "ai_analysis_u1")).toBe("analysis")
    expect(kindOf("private-notif_chat_u2", "invite_u2")).toBeNull()
    expect(kindOf("private-mylab_l1", "lab_changed_l1", { kind: "lab.renamed", lab_id: "l1" })).toBeNull()
    expect(kindOf("private-notif_chat_u1", "payment_u1")).toBeNull()
  })

  it("a push during the first load is followed by a refresh that announces what arrived", async () => {
    const { run, arrived } = start()
    await run.send({ type: "notifications.pushed", kind: "invite" })
    await run.succeed("load", firstPage)
    expect(run.actor.getSnapshot().matches("refreshing")).toBe(true)
    await run.succeed("load", refreshedPage)
    expect(arrived.map((e) => e.notification.id)).toEqual(["n6"])
    expect(run.actor.getSnapshot().matches("ready")).toBe(true)
  })

  it("turns a realtime message on the user's channel into a reload", async () => {
    const listeners = new Map<string, (m: unknown) => void>()
    const realtime = {
      on: (type: string, listener: (m: unknown) => void) => {
        listeners.set(type, listener)
        return { unsubscribe: () => undefined }
      }
    }
    const actor = createActor(notificationsMachine.provide({ actors: { load: fromCallback(() => undefined) as never } }), {
      input: { userId: "u1", realtime: realtime as never }
    }).start()
    // It listens to the kinds that bring a notification, and to its channels being let in.
    expect([...listeners.keys()].sort()).toEqual([
      "realtime.analysisEnded",
      "realtime.invite",
      "realtime.notifChat",
      "realtime.ownershipChanges",
      "realtime.subscribed"
    ])
    const notice = { kind: "member.invited", lab_id: "l1", actor_id: "u2", notification_id: "n1", at: "2026-11-28T10:00:00Z" }
    listeners.get("realtime.invite")?.(heardOf("private-notif_chat_u1", "invite_u1", notice))
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    expect(actor.getSnapshot().context.stale).toBe(true)
  })

  it("reads the first page again once the user's channel is let in, and not for another channel", async () => {
    const listeners = new Map<string, (m: unknown) => void>()
    const realtime = {
      on: (type: string, listener: (m: unknown) => void) => {
        listeners.set(type, listener)
        return { unsubscribe: () => undefined }
      }
    }
    const run = drive(notificationsMachine, ["load"], { input: { userId: "u1", realtime: realtime as never } })
    await run.succeed("load", firstPage)
    expect(run.actor.getSnapshot().matches("ready")).toBe(true)
    // A slide's channel being let in says nothing about the user's notifications.
    listeners.get("realtime.subscribed")?.({ type: "realtime.subscribed", channel: "private-lab_l1", resumed: false })
    expect(run.actor.getSnapshot().matches("ready")).toBe(true)
    // An invitation published before the user's channel was live was heard by no one: read again.
    listeners.get("realtime.subscribed")?.({ type: "realtime.subscribed", channel: "private-notif_chat_u1", resumed: false })
    expect(run.actor.getSnapshot().matches("refreshing")).toBe(true)
    await run.succeed("load", refreshedPage)
    expect(run.actor.getSnapshot().matches("ready")).toBe(true)
  })
})
