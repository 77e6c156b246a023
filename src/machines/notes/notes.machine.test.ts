import { describe, expect, it } from "vitest"
import type { SlideNote } from "../../contract/notes.ts"
import type { Measurements } from "../../contract/report-fields.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { mergedNotes, savable } from "./drafts.ts"
import { DELETIONS_PER_STEP, type NotesEvent, type NotesPage, notesMachine } from "./notes.machine.ts"

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
  if (via === "edit another's" || via === "delete another's" || (via === "download a note" && before.context.kind === "note"))
    expect(actual.value).toEqual(before.value)
  // A note's draft never holds report fields; a report's always does.
  if (actual.context.draft !== null) expect(actual.context.draft.fields !== undefined).toBe(actual.context.kind === "report")
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
  promiseActors: ["load", "save", "remove", "prefill", "download"],
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
    "delete failed": { type: "xstate.error.actor.remove", error: serverDown },
    // A note has no PDF: asking for one changes nothing.
    "download a note": { type: "notes.download", id: "n9", lang: "en" }
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

const table: Measurements = {
  rows: [
    { label: "Ki67 positive", count: 12, shapes: 0, area_um2: null },
    { label: "Ki67 negative", count: 28, shapes: 0, area_um2: null }
  ],
  index: { positive: "Ki67 positive", negative: "Ki67 negative", percent: 30 }
}
const pdf = { blob: new Blob(["%PDF-"]), filename: "Title-n9-2026-11-28.pdf" }

/**
 * The same flow on a slide's reports: a new report opens with the slide's table kept and its case id
 * looked up; the structured fields are typed, the table dropped or kept again, and all of it is sent;
 * a shown report's PDF is fetched in the page's language and handed to the view.
 */
const reportModel = modelFor({
  machine: notesMachine,
  promiseActors: ["load", "save", "remove", "prefill", "download"],
  input: { slideId: "S", kind: "report" },
  events: {
    new: { type: "notes.new", measurements: table },
    "type a title": { type: "notes.change", title: "Biopsy" },
    "type the diagnosis": { type: "notes.field", name: "diagnosis", value: "Carcinoma, grade 2." },
    "type a case id": { type: "notes.field", name: "case_id", value: "TYPED-1" },
    "drop the table": { type: "notes.measurements", measurements: null },
    "keep the table": { type: "notes.measurements", measurements: table },
    "use the current view": { type: "notes.region", region: { x: 100, y: 200, width: 1600, height: 900 } },
    "clear the region": { type: "notes.region", region: null },
    save: { type: "notes.save" },
    cancel: { type: "notes.cancel" },
    "download mine": { type: "notes.download", id: "n9", lang: "id" },
    "download a note": { type: "notes.download", id: "unknown", lang: "id" },
    "first page": { type: "xstate.done.actor.load", output: first },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    prefilled: { type: "xstate.done.actor.prefill", output: "S-2026-0412" },
    "no case in the metadata": { type: "xstate.done.actor.prefill", output: undefined },
    "prefill failed": { type: "xstate.error.actor.prefill", error: serverDown },
    "saved new": { type: "xstate.done.actor.save", output: saved },
    "save failed": { type: "xstate.error.actor.save", error: serverDown },
    downloaded: { type: "xstate.done.actor.download", output: pdf },
    "download failed": { type: "xstate.error.actor.download", error: serverDown }
  } as unknown as Readonly<Record<string, NotesEvent>>,
  stopWhen: (s) => s.context.notes.length > 4,
  distinguish: ({ value, context }) => ({
    value,
    draft: context.draft === null ? null : context.draft.title.trim() !== "",
    file: context.file !== null
  }),
  states: {
    loading: rules,
    ready: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      if (arrival.via === "downloaded") expect(actual.context.file).toEqual(pdf)
      if (arrival.via === "download failed") expect(actual.context.outcome).toEqual({ kind: "failed", action: "download" })
      expect(actual.context.downloading).toBeNull()
    },
    prefilling: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "prefill").at(-1)?.input).toEqual({ slideId: "S" })
      if (arrival.via === "new") expect(actual.context.draft?.fields).toEqual({ measurements: table })
      if (arrival.via === "drop the table") expect(actual.context.draft?.fields?.measurements).toBeUndefined()
      if (arrival.via === "use the current view")
        expect(actual.context.draft?.fields?.region).toEqual({ x: 100, y: 200, width: 1600, height: 900 })
      if (arrival.via === "clear the region") expect(actual.context.draft?.fields).not.toHaveProperty("region")
    },
    editing: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      const fields = actual.context.draft?.fields
      // The metadata's case id fills the field, never over what the author typed.
      if (arrival.via === "prefilled") expect(fields?.case_id).toBe(arrival.before?.context.draft?.fields?.case_id || "S-2026-0412")
      if (arrival.via === "type the diagnosis") expect(fields?.diagnosis).toBe("Carcinoma, grade 2.")
      if (arrival.via === "keep the table") expect(fields?.measurements).toEqual(table)
      if (arrival.via === "drop the table") expect(fields).not.toHaveProperty("measurements")
      if (arrival.via === "use the current view") expect(fields?.region).toEqual({ x: 100, y: 200, width: 1600, height: 900 })
      if (arrival.via === "clear the region") expect(fields).not.toHaveProperty("region")
    },
    saving: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      const sent = calls.filter((c) => c.src === "save").at(-1)?.input as { payload: object } | undefined
      expect(sent?.payload).toEqual({
        title: actual.context.draft?.title.trim(),
        value: actual.context.draft?.value,
        fields: actual.context.draft?.fields
      })
    },
    downloading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "download").at(-1)?.input).toEqual({
        id: "n9",
        title: "Title n9",
        createdAt: "2026-11-28T06:00:09.000Z",
        lang: "id"
      })
    },
    failed: rules,
    loadingMore: rules,
    confirming: rules,
    deleting: rules
  }
})

describe("notes model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
})

describe("reports model", () => {
  it.each(reportModel.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
})

describe("notes and reports models together", () => {
  // Some transitions only a report takes (its prefill, its PDF), some only the notes model's events
  // reach (paging, deletion): together they must take every one.
  it("cover every state and every transition", async () => {
    const [notes, reports] = [await model.coverage(), await reportModel.coverage()]
    const both = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.filter((x) => b.includes(x))
    expect({
      missingStates: both(notes.missingStates, reports.missingStates),
      missingTransitions: both(notes.missingTransitions, reports.missingTransitions),
      uncheckedStates: both(notes.uncheckedStates, reports.uncheckedStates)
    }).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)
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
