import { describe, expect, it } from "vitest"
import { type EventObject, fromCallback } from "xstate"
import type { ChatList, ChatMessage } from "../../contract/chat.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { type ChatEvent, chatMachine, merged, sendable } from "./chat.machine.ts"

const silent = fromCallback<EventObject, never>(() => undefined)
const provide = { actors: { markRead: silent, send: silent, mute: silent } } as never
const input = { labId: "S", userId: "me", canWrite: true }

const message = (id: string, at: string, sender = "ana"): ChatMessage => ({
  id,
  lab_id: "S",
  message: `text ${id}`,
  created_at: `2026-11-28T06:00:${at}.000Z`,
  sender: { id: sender, name: sender, username: null, avatar: null },
  user_email: `${sender}@x`,
  mentions: []
})
const newest: ChatList = { results: [message("m3", "03"), message("m4", "04")], meta: { next_cursor: "m3" }, unread_count: 2 }
const older: ChatList = { results: [message("m1", "01"), message("m2", "02")], meta: { next_cursor: null }, unread_count: 0 }
const fromAna = message("m5", "05")
const ana = {
  id: "mem-1",
  user_id: "ana",
  email: "ana@x",
  name: "ana",
  username: null,
  avatar: null,
  role_member: "reviewer" as const,
  is_pending: false,
  lab_id: "S",
  is_inherited: false
}
const mine = message("m6", "06", "me")

type Snapshot = ReturnType<typeof chatMachine.transition>

/**
 * The rules of every state: messages are shown once each, oldest first; a message of someone else
 * heard while the chat is off screen counts as unread, on screen it does not; the reader's own
 * never counts; a send of nothing sends nothing; a failed send stays, marked, until resent or dropped.
 */
const rules = (actual: Snapshot, _calls: ReadonlyArray<Invocation>, { via, before }: Arrival<typeof chatMachine>) => {
  const ids = actual.context.messages.map((m) => m.id)
  expect(new Set(ids).size).toBe(ids.length)
  expect([...actual.context.messages]).toEqual(merged([], actual.context.messages))
  if (before === undefined) return
  if (via === "heard from Ana") {
    const isNew = !before.context.messages.some((m) => m.id === fromAna.id)
    expect(actual.context.unread).toBe(before.context.unread + (isNew && !before.context.visible ? 1 : 0))
  }
  if (via === "heard my own") expect(actual.context.unread).toBe(before.context.unread)
  if (via === "shown") expect(actual.context.unread).toBe(0)
  if (via === "send nothing") expect(actual.context.outbox).toEqual(before.context.outbox)
  if (via === "send hello") {
    expect(actual.context.outbox.at(-1)).toMatchObject({ text: "hello", status: "sending" })
    expect(actual.context.outbox).toHaveLength(before.context.outbox.length + 1)
  }
  if (via === "send failed" && before.context.outbox.some((o) => o.localId === "local-1"))
    expect(actual.context.outbox.find((o) => o.localId === "local-1")?.status).toBe("failed")
  // The first page brings the members; an older one (whatever it carries) leaves them.
  if (via === "newest page with members" && before.matches("loading")) expect(actual.context.members.map((m) => m.user_id)).toEqual(["ana"])
  if (via === "older page") expect(actual.context.members).toEqual(before.context.members)
  // Muting is the reader's own, at once; a refused PUT puts it back.
  if (via === "mute") expect(actual.context.muted).toBe(true)
  if (via === "unmute") expect(actual.context.muted).toBe(false)
  if (via === "mute refused") expect(actual.context.muted).toBe(false)
  if (via === "sent") {
    expect(actual.context.outbox.some((o) => o.localId === "local-1")).toBe(false)
    expect(ids).toContain(mine.id)
  }
}

const model = modelFor({
  machine: chatMachine,
  promiseActors: ["load"],
  provide,
  input,
  events: {
    older: { type: "chat.older" },
    retry: { type: "chat.retry" },
    "heard from Ana": { type: "chat.received", message: fromAna },
    "heard my own": { type: "chat.received", message: mine },
    shown: { type: "chat.visible", visible: true },
    hidden: { type: "chat.visible", visible: false },
    "send hello": { type: "chat.send", text: " hello ", mentions: [] },
    "send nothing": { type: "chat.send", text: "  \n ", mentions: [] },
    "send failed": { type: "chat.sendFailed", localId: "local-1", error: serverDown },
    resend: { type: "chat.resend", localId: "local-1" },
    sent: { type: "chat.sent", localId: "local-1", message: mine },
    discard: { type: "chat.discard", localId: "local-1" },
    mute: { type: "chat.mute", muted: true },
    unmute: { type: "chat.mute", muted: false },
    "mute refused": { type: "chat.muteFailed", muted: false },
    "newest page": { type: "xstate.done.actor.load", output: newest },
    "older page": { type: "xstate.done.actor.load", output: older },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    "newest page with members": { type: "xstate.done.actor.load", output: { ...newest, members: [ana] } }
  } as unknown as Readonly<Record<string, ChatEvent>>,
  // The reader's second message would only repeat the first's paths.
  stopWhen: (s) => s.context.sent > 1 || s.context.unread > 2,
  distinguish: ({ value, context }) => ({
    value,
    older: context.olderCursor !== null,
    visible: context.visible,
    outbox: context.outbox.map((o) => o.status),
    muted: context.muted
  }),
  states: {
    loading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toEqual({ labId: "S", before: null, withMembers: true })
    },
    loadingOlder: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toEqual({
        labId: "S",
        before: actual.context.olderCursor,
        withMembers: false
      })
    },
    failed: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    },
    ready: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      if (arrival.via === "newest page" && arrival.before?.context.visible) expect(actual.context.unread).toBe(0)
    }
  }
})

describe("chat model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("chat scenarios", () => {
  it("loads the newest page, then the older one before its cursor, oldest first", async () => {
    const run = drive(chatMachine, ["load"], { input, provide })
    await run.succeed("load", newest)
    await run.send({ type: "chat.older" })
    expect(run.lastInput("load")).toEqual({ labId: "S", before: "m3", withMembers: false })
    await run.succeed("load", older)
    expect(run.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"])
    await run.send({ type: "chat.older" })
    expect(run.isRunning("load")).toBe(false)
  })

  it("a visitor sends nothing and counts nothing as unread", async () => {
    const run = drive(chatMachine, ["load"], { input: { labId: "S", userId: null, canWrite: false }, provide })
    expect(run.lastInput("load")).toEqual({ labId: "S", before: null, withMembers: false })
    await run.succeed("load", { ...newest, unread_count: 0 })
    await run.send({ type: "chat.send", text: "hi", mentions: [] })
    await run.send({ type: "chat.received", message: fromAna })
    expect(run.actor.getSnapshot().context.outbox).toEqual([])
    expect(run.actor.getSnapshot().context.unread).toBe(0)
  })

  it("shows the chat muted as the server keeps it; a member's mute is asked for, a visitor's is not", async () => {
    const run = drive(chatMachine, ["load"], { input, provide })
    await run.succeed("load", { ...newest, muted: true })
    expect(run.actor.getSnapshot().context.muted).toBe(true)
    await run.send({ type: "chat.mute", muted: false })
    expect(run.actor.getSnapshot().context.muted).toBe(false)
    const visitor = drive(chatMachine, ["load"], { input: { labId: "S", userId: null, canWrite: false }, provide })
    await visitor.succeed("load", { ...newest, unread_count: 0 })
    await visitor.send({ type: "chat.mute", muted: true })
    expect(visitor.actor.getSnapshot().context.muted).toBe(false)
  })

  it("keeps a message as it will be sent: trimmed, not empty, within the limit", () => {
    expect(sendable("  a  ")).toBe("a")
    expect(sendable(" \n ")).toBeNull()
    expect(sendable("x".repeat(2001))).toBeNull()
  })
})
