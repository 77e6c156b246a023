import { describe, expect, it } from "vitest"
import type { SlideNote } from "../../contract/notes.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { DELETIONS_PER_STEP, mergedNotes, type NotesEvent, type NotesPage, notesMachine, savable } from "./notes.machine.ts"

const input = { slideId: "S", kind: "note" as const }

const note = (id: string, at: string, canEdit = true): SlideNote => ({
  id,
  lab_id: "S",
  title: `Title ${id}`,
  value: `Text ${id}`,
  author: { id: "ana", name: "Ana" },
  created_at: `2026-11-28T06:00:${at}.000Z`,
  updated_at: `2026-11-28T06:00:${at}.000Z`,
  can_edit: canEdit
})
const first: NotesPage = {
  results: [note("n9", "09"), note("n8", "08", false)],
  meta: { count: 4, current_page: 1, next_page: 2 }
}
const second: NotesPage = { results: [note("n2", "02"), note("n1", "01")], meta: { count: 4, current_page: 2, next_page: null } }
const saved = note("n10", "10")
const edited = { ...note("n9", "09"), title: "Edited" }

type Snapshot = ReturnType<typeof notesMachine.transition>

/**
 * The rules of every state: each note shown once, newest first; nothing is saved without a title;
 * a note another wrote (can_edit false) is never edited or asked to be deleted; a deletion takes
 * exactly that note away and counts toward the next page's step back.
 */
const rules = (actual: Snapshot, _calls: ReadonlyArray<Invocation>, { via, before }: Arrival<typeof notesMachine>) => {
  const ids = actual.context.notes.map((n) => n.id)
  expect(new Set(ids).size).toBe(ids.length)
  expect([...actual.context.notes]).toEqual(mergedNotes([], actual.context.notes))
  if (before === undefined) return
  if (via === "edit another's" || via === "delete another's") expect(actual.value).toEqual(before.value)
  if (via === "save" && !savable(before.context.draft)) expect(actual.value).toEqual(before.value)
  if (via === "deleted" && before.matches("deleting")) {
    expect(ids).not.toContain(before.context.deleting)
    expect(actual.context.outcome).toEqual({ kind: "deleted" })
  }
  if (via === "saved new" && before.matches("saving")) {
    expect(ids[0]).toBe("n10")
    expect(actual.context.draft).toBeNull()
  }
}

const model = modelFor({
  machine: notesMachine,
  promiseActors: ["load", "save", "remove"],
  input,
  events: {
    more: { type: "notes.more" },
    retry: { type: "notes.retry" },
    new: { type: "notes.new" },
    "edit mine": { type: "notes.edit", id: "n9" },
    "edit another's": { type: "notes.edit", id: "n8" },
    "type a title": { type: "notes.change", title: "Margins" },
    "blank the title": { type: "notes.change", title: "   " },
    save: { type: "notes.save" },
    cancel: { type: "notes.cancel" },
    "delete mine": { type: "notes.delete", id: "n9" },
    "delete another's": { type: "notes.delete", id: "n8" },
    confirm: { type: "notes.confirm" },
    back: { type: "notes.back" },
    "first page": { type: "xstate.done.actor.load", output: first },
    "second page": { type: "xstate.done.actor.load", output: second },
    "a first page of one": {
      type: "xstate.done.actor.load",
      output: { results: [note("n9", "09")], meta: { count: 3, current_page: 1, next_page: 2 } }
    },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    "saved new": { type: "xstate.done.actor.save", output: saved },
    "saved edit": { type: "xstate.done.actor.save", output: edited },
    "save failed": { type: "xstate.error.actor.save", error: serverDown },
    deleted: { type: "xstate.done.actor.remove", output: "n9" },
    "delete failed": { type: "xstate.error.actor.remove", error: serverDown }
  } as unknown as Readonly<Record<string, NotesEvent>>,
  stopWhen: (s) => s.context.notes.length > 4 || s.context.deletions > 0,
  distinguish: ({ value, context }) => ({
    value,
    more: context.nextPage !== null,
    shown: context.notes.length,
    draft: context.draft === null ? null : context.draft.title.trim() !== "",
    outcome: context.outcome?.kind ?? null
  }),
  states: {
    loading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toEqual({ slideId: "S", kind: "note", page: 1 })
    },
    loadingMore: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toEqual({ slideId: "S", kind: "note", page: actual.context.nextPage })
    },
    failed: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    },
    ready: rules,
    editing: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.draft).not.toBeNull()
      if (arrival.via === "save failed") expect(actual.context.outcome).toEqual({ kind: "failed", action: "save" })
    },
    saving: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      const sent = calls.filter((c) => c.src === "save").at(-1)?.input as { payload: { title: string } } | undefined
      expect(sent?.payload.title.trim()).not.toBe("")
    },
    confirming: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.notes.find((n) => n.id === actual.context.deleting)?.can_edit).toBe(true)
    },
    deleting: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "remove").at(-1)?.input).toEqual({ slideId: "S", kind: "note", id: actual.context.deleting })
    }
  }
})

describe("notes model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("notes scenarios", () => {
  it("steps the next page back by one after five deletions, as the spec's paging asks", async () => {
    const many: NotesPage = {
      results: Array.from({ length: 5 }, (_, i) => note(`d${i}`, `1${i}`)),
      meta: { count: 12, current_page: 1, next_page: 2 }
    }
    const run = drive(notesMachine, ["load", "remove"], { input })
    await run.succeed("load", many)
    for (let i = 0; i < DELETIONS_PER_STEP; i++) {
      await run.send({ type: "notes.delete", id: `d${i}` })
      await run.send({ type: "notes.confirm" })
      await run.succeed("remove", `d${i}`)
    }
    const { context } = run.actor.getSnapshot()
    expect(context.notes).toEqual([])
    expect(context.count).toBe(7)
    expect(context.nextPage).toBe(1)
    // Nothing left on screen while more wait: the page that now holds them loads on its own.
    expect(run.actor.getSnapshot().matches("loadingMore")).toBe(true)
    expect(run.lastInput("load")).toEqual({ slideId: "S", kind: "note", page: 1 })
  })

  it("keeps the draft when saving fails, and sends the title trimmed", async () => {
    const run = drive(notesMachine, ["load", "save"], { input })
    await run.succeed("load", first)
    await run.send({ type: "notes.new" })
    await run.send({ type: "notes.change", title: "  Margins ", value: "Clear" })
    await run.send({ type: "notes.save" })
    expect(run.lastInput("save")).toEqual({ slideId: "S", kind: "note", id: null, payload: { title: "Margins", value: "Clear" } })
    await run.fail("save", serverDown)
    expect(run.actor.getSnapshot().context.draft).toEqual({ id: null, title: "  Margins ", value: "Clear" })
    expect(run.actor.getSnapshot().matches("editing")).toBe(true)
  })
})
