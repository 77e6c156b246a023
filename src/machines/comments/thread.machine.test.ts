import { describe, expect, it } from "vitest"
import type { CommentReply, CommentThread, ThreadWithReplies } from "../../contract/comments.ts"
import type { CommentChanged } from "../../contract/realtime.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { Forbidden } from "../../effects/ApiError.ts"
import { present } from "../../effects/Catalogue.ts"

const forbidden = new Forbidden({ message: "No." })
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { applyChange, mayChange } from "./thread-changes.ts"
import { type ThreadEvent, threadMachine } from "./thread.machine.ts"

const person = (id: string) => ({ id, name: id, username: null, avatar: null })
const reply = (id: string, at: string, author: string, message = `text ${id}`): CommentReply => ({
  id,
  annotation_id: "N",
  lab_id: "S",
  message,
  created_at: `2026-11-28T06:00:${at}.000Z`,
  edited_at: null,
  author: person(author),
  user_email: `${author}@x`,
  mentions: []
})
const thread: CommentThread = {
  annotation_id: "N",
  lab_id: "S",
  comment: "Is this a mitosis?",
  author: person("ana"),
  user_email: "ana@x",
  created_at: "2026-11-28T05:00:00.000Z",
  replies_count: 2,
  last_activity_at: "2026-11-28T06:00:02.000Z",
  resolved: false,
  resolved_by: null,
  resolved_at: null
}
const mine = reply("r1", "01", "me")
const anas = reply("r2", "02", "ana")
const loaded: ThreadWithReplies = { thread, replies: [mine, anas] }
const sent = reply("r3", "03", "me", "hello @ana")
const edited = { ...mine, message: "better", edited_at: "2026-11-28T06:01:00.000Z" }
const resolvedThread: CommentThread = { ...thread, resolved: true, resolved_by: person("me"), resolved_at: "2026-11-28T06:02:00.000Z" }
const heard: CommentChanged = {
  action: "replied",
  lab_id: "S",
  annotation_id: "N",
  actor_id: "ana",
  at: "2026-11-28T06:00:04.000Z",
  reply: reply("r4", "04", "ana", "live"),
  reply_id: null,
  resolution: null
}
const input = { annotationId: "N", userId: "me", canWrite: true, moderator: false }

type Snapshot = ReturnType<typeof threadMachine.transition>

/**
 * The rules of every state: replies are shown once each, oldest first, and the count says how many;
 * a reply of nothing sends nothing; a failed reply keeps its words to send again; only the reader's
 * own reply is edited or deleted (a reviewer); what is heard live goes into the thread.
 */
const rules = (actual: Snapshot, _calls: ReadonlyArray<Invocation>, { via, before }: Arrival<typeof threadMachine>) => {
  const ids = actual.context.replies.map((r) => r.id)
  expect(new Set(ids).size).toBe(ids.length)
  expect([...ids]).toEqual([...actual.context.replies].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((r) => r.id))
  if (actual.context.thread !== null && !actual.matches("loading")) expect(actual.context.thread.replies_count).toBe(ids.length)
  if (before === undefined) return
  if (via === "reply nothing" || via === "edit Ana's" || via === "delete Ana's") expect(actual.value).toEqual(before.value)
  if (via === "reply failed") expect(actual.context.outgoing).toEqual(before.context.outgoing)
  if (via === "reply sent") {
    expect(ids).toContain(sent.id)
    expect(actual.context.outgoing).toBeNull()
  }
  if (via === "heard a reply" && before.context.thread !== null) expect(ids).toContain("r4")
  if (via === "deleted") expect(ids).not.toContain(mine.id)
  if (via === "saved") expect(actual.context.replies.find((r) => r.id === mine.id)?.message).toBe("better")
  if (via === "resolved") expect(actual.context.thread?.resolved).toBe(true)
}

const model = modelFor({
  machine: threadMachine,
  promiseActors: ["load", "reply", "save", "remove", "resolve"],
  input,
  events: {
    retry: { type: "thread.retry" },
    "reply hello": { type: "thread.reply", text: "  hello @ana ", mentions: ["ana"] },
    "reply nothing": { type: "thread.reply", text: " \n ", mentions: [] },
    "edit mine": { type: "thread.edit", replyId: mine.id },
    "edit Ana's": { type: "thread.edit", replyId: anas.id },
    save: { type: "thread.save", text: " better ", mentions: [] },
    "save nothing": { type: "thread.save", text: "  ", mentions: [] },
    cancel: { type: "thread.cancel" },
    "delete mine": { type: "thread.delete", replyId: mine.id },
    "delete Ana's": { type: "thread.delete", replyId: anas.id },
    resolve: { type: "thread.resolve", resolved: true },
    reopen: { type: "thread.resolve", resolved: false },
    "heard a reply": { type: "thread.changed", change: heard },
    dismiss: { type: "thread.dismiss" },
    "thread loaded": { type: "xstate.done.actor.load", output: loaded },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    "reply sent": { type: "xstate.done.actor.reply", output: sent },
    "reply failed": { type: "xstate.error.actor.reply", error: serverDown },
    saved: { type: "xstate.done.actor.save", output: edited },
    "save failed": { type: "xstate.error.actor.save", error: forbidden },
    deleted: { type: "xstate.done.actor.remove", output: mine.id },
    "delete failed": { type: "xstate.error.actor.remove", error: serverDown },
    resolved: { type: "xstate.done.actor.resolve", output: resolvedThread },
    "resolve failed": { type: "xstate.error.actor.resolve", error: serverDown }
  } as unknown as Readonly<Record<string, ThreadEvent>>,
  stopWhen: (s) => s.context.replies.length > 4,
  distinguish: ({ value, context }) => ({
    value,
    replies: context.replies.map((r) => r.id),
    resolved: context.thread?.resolved ?? null
  }),
  leadsTo: {
    "load failed": "error",
    "thread loaded": "open.idle",
    "reply failed": "open.idle",
    "save failed": "open.editing",
    "delete failed": "open.idle",
    cancel: "open.idle"
  },
  states: {
    loading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe("N")
    },
    error: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    },
    "open.idle": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.target).toBeNull()
      if (arrival.via.endsWith("failed")) expect(actual.context.error).not.toBeNull()
    },
    "open.replying": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "reply").at(-1)?.input).toEqual({ annotationId: "N", text: "hello @ana", mentions: ["ana"] })
    },
    "open.editing": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.target).toBe(mine.id)
      if (arrival.via === "save failed") expect(actual.context.error).toEqual(present(forbidden).notice)
    },
    "open.saving": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "save").at(-1)?.input).toEqual({ id: mine.id, text: "better", mentions: [] })
    },
    "open.deleting": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "remove").at(-1)?.input).toBe(mine.id)
    },
    "open.resolving": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "resolve").at(-1)?.input).toEqual({
        annotationId: "N",
        resolved: !(arrival.before?.context.thread?.resolved ?? false)
      })
    }
  }
})

describe("comment thread model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("comment thread scenarios", () => {
  it("an owner or admin may delete anyone's reply but edit only their own", async () => {
    const run = drive(threadMachine, ["load", "remove"], { input: { ...input, moderator: true } })
    await run.succeed("load", loaded)
    await run.send({ type: "thread.edit", replyId: anas.id })
    expect(run.actor.getSnapshot().matches({ open: "idle" })).toBe(true)
    await run.send({ type: "thread.delete", replyId: anas.id })
    expect(run.lastInput("remove")).toBe(anas.id)
  })

  it("a visitor replies and resolves nothing", async () => {
    const run = drive(threadMachine, ["load"], { input: { ...input, userId: null, canWrite: false } })
    await run.succeed("load", loaded)
    await run.send({ type: "thread.reply", text: "hi", mentions: [] })
    await run.send({ type: "thread.resolve", resolved: true })
    expect(run.actor.getSnapshot().matches({ open: "idle" })).toBe(true)
  })

  it("applies live changes of its own thread only", () => {
    const state = { thread, replies: [mine, anas] }
    expect(applyChange(state, { ...heard, annotation_id: "other" })).toBe(state)
    expect(applyChange(state, heard).replies.map((r) => r.id)).toEqual(["r1", "r2", "r4"])
    expect(applyChange(state, { ...heard, action: "deleted", reply: null, reply_id: "r1" }).thread.replies_count).toBe(1)
    expect(
      applyChange(state, { ...heard, action: "resolved", reply: null, resolution: { resolved: true, resolved_by: null, resolved_at: "t" } })
        .thread.resolved
    ).toBe(true)
    expect(mayChange(anas, "me", false)).toEqual({ edit: false, remove: false })
    expect(mayChange(mine, "me", false)).toEqual({ edit: true, remove: true })
  })
})
