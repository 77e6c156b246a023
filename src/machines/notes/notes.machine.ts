// A slide's notes, or its reports (one machine per kind): the first page, more pages on request, a
// draft being written (new or an edit), a deletion asked and confirmed. Each call ends in a success
// or an error the panel shows (spec section 4: "state success or error after each call").
//
// Paging follows the spec's rule (section 5): pages are numbered, so a deletion moves every later
// note one place up; after five deletions a whole page has moved and the next page to load steps
// back by one. Pages are merged by id, so a note that slid in twice is shown once.
//
//   loading --done--> ready --more [a next page]--> loadingMore --done/error--> ready
//   loading --error--> failed --retry--> loading
//   ready [nothing shown, a next page] --> loadingMore (after the last shown note is deleted)
//   ready --new / edit--> editing --save [title not blank]--> saving --done--> ready / --error--> editing
//   editing --cancel--> ready;  ready --delete--> confirming --confirm--> deleting --> ready;  confirming --back--> ready
//   ready --new [a report]--> prefilling --done/error--> editing (the case id from the slide's metadata)
//   ready --download [a report]--> downloading --done/error--> ready (the PDF handed to the view to save)
//
// A report's draft also holds its structured fields (src/contract/report-fields.ts); a note's never.
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { NoteKind, ReportPayload, SlideNote } from "../../contract/notes.ts"
import type { Measurements, ReportRegion, ReportTextField } from "../../contract/report-fields.ts"
import type { DownloadedFile } from "../../effects/download.ts"
import type { Locale } from "../../i18n/locale.ts"
import type { PageMeta } from "../../contract/envelope.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { deleteNote, downloadReport, loadNotes, saveNote } from "../../effects/notes/notes.ts"
import { loadCaseId } from "../../effects/notes/case-id.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { type Draft, mergedNotes, payloadOf, savable, withRegion, withTable } from "./drafts.ts"

export interface NotesInput {
  readonly slideId: string
  readonly kind: NoteKind
}

/** What the panel says after a call: which one, and whether it worked. */
export type Outcome = { readonly kind: "saved" | "deleted" } | { readonly kind: "failed"; readonly action: FailedAction }

type FailedAction = "save" | "delete" | "load" | "download"

export interface NotesContext extends NotesInput {
  /** Newest first, each once. */
  readonly notes: ReadonlyArray<SlideNote>
  readonly count: number
  /** The page to load next; null when there is none. */
  readonly nextPage: number | null
  /** Deletions since the next page last stepped back. */
  readonly deletions: number
  readonly draft: Draft | null
  /** The note whose deletion is asked. */
  readonly deleting: string | null
  /** The report whose PDF is being fetched, and in which language. */
  readonly downloading: { readonly id: string; readonly lang: Locale } | null
  readonly error: Notice | null
  readonly outcome: Outcome | null
  /** A report's PDF, fetched, for the view to save. */
  readonly file: DownloadedFile | null
  /** The case id the slide's metadata gave the new report (the form says where it came from). */
  readonly prefilledCase: string | null
}

export type NotesEvent =
  | { readonly type: "notes.more" }
  | { readonly type: "notes.retry" }
  /** `measurements`: a new report starts with the slide's table kept (the view computes it). */
  | { readonly type: "notes.new"; readonly measurements?: Measurements }
  | { readonly type: "notes.edit"; readonly id: string }
  | { readonly type: "notes.change"; readonly title?: string; readonly value?: string }
  | { readonly type: "notes.save" }
  | { readonly type: "notes.cancel" }
  | { readonly type: "notes.delete"; readonly id: string }
  | { readonly type: "notes.confirm" }
  | { readonly type: "notes.back" }
  | { readonly type: "notes.field"; readonly name: ReportTextField; readonly value: string }
  /** Keep this table in the report, or (null) drop it. */
  | { readonly type: "notes.measurements"; readonly measurements: Measurements | null }
  /** The region the PDF's snapshot shows (the viewer's view when asked), or none. */
  | { readonly type: "notes.region"; readonly region: ReportRegion | null }
  /** `lang`: the page's language, which the PDF is written in. */
  | { readonly type: "notes.download"; readonly id: string; readonly lang: Locale }

export type NotesPage = { readonly results: ReadonlyArray<SlideNote>; readonly meta: PageMeta }

/** The spec's rule: after this many deletions the next page steps back by one. */
export const DELETIONS_PER_STEP = 5

const actors = {
  load: fromEffect((input: { readonly slideId: string; readonly kind: NoteKind; readonly page: number }) =>
    loadNotes(input.slideId, input.kind, input.page)
  ),
  save: fromEffect(
    (input: { readonly slideId: string; readonly kind: NoteKind; readonly id: string | null; readonly payload: ReportPayload }) =>
      saveNote(input.slideId, input.kind, input.id, input.payload)
  ),
  remove: fromEffect((input: { readonly slideId: string; readonly kind: NoteKind; readonly id: string }) =>
    deleteNote(input.slideId, input.kind, input.id).pipe(Effect.as(input.id))
  ),
  prefill: fromEffect((input: { readonly slideId: string }) => loadCaseId(input.slideId)),
  download: fromEffect((input: { readonly id: string; readonly title: string; readonly createdAt: string; readonly lang: Locale }) =>
    downloadReport(input)
  )
}

export const notesMachine = setup({
  types: { input: {} as NotesInput, context: {} as NotesContext, events: {} as NotesEvent },
  actors,
  guards: {
    hasMore: ({ context }) => context.nextPage !== null,
    /** Every shown note was deleted while more wait on the server: show them rather than "none yet". */
    emptyButMore: ({ context }) => context.notes.length === 0 && context.nextPage !== null,
    draftSavable: ({ context }) => savable(context.draft),
    editable: ({ context, event }) => event.type === "notes.edit" && context.notes.some((n) => n.id === event.id && n.can_edit),
    deletable: ({ context, event }) => event.type === "notes.delete" && context.notes.some((n) => n.id === event.id && n.can_edit),
    isReport: ({ context }) => context.kind === "report",
    reportShown: ({ context, event }) =>
      event.type === "notes.download" && context.kind === "report" && context.notes.some((n) => n.id === event.id)
  },
  actions: {
    showPage: assign(({ context }, page: NotesPage) => ({
      notes: mergedNotes(context.notes, page.results),
      count: page.meta.count,
      nextPage: page.meta.next_page,
      error: null
    })),
    showFailure: assign((_, failure: { readonly error: AppFailure; readonly action: FailedAction }) => ({
      error: present(failure.error).notice,
      outcome: { kind: "failed" as const, action: failure.action }
    })),
    startNew: assign(({ context, event }) => ({
      draft: {
        id: null,
        title: "",
        value: "",
        ...(context.kind === "report" ? { fields: withTable({}, event.type === "notes.new" ? event.measurements : undefined) } : {})
      },
      error: null,
      outcome: null,
      prefilledCase: null
    })),
    startEdit: assign(({ context, event }) => {
      const note = event.type === "notes.edit" ? context.notes.find((n) => n.id === event.id) : undefined
      const fields = context.kind === "report" ? { fields: note?.fields ?? {} } : {}
      return { draft: note ? { id: note.id, title: note.title, value: note.value, ...fields } : null, error: null, outcome: null }
    }),
    changeField: assign(({ context, event }) =>
      event.type === "notes.field" && context.draft?.fields !== undefined
        ? { draft: { ...context.draft, fields: { ...context.draft.fields, [event.name]: event.value } } }
        : {}
    ),
    changeTable: assign(({ context, event }) =>
      event.type === "notes.measurements" && context.draft?.fields !== undefined
        ? { draft: { ...context.draft, fields: withTable(context.draft.fields, event.measurements) } }
        : {}
    ),
    changeRegion: assign(({ context, event }) =>
      event.type === "notes.region" && context.draft?.fields !== undefined
        ? { draft: { ...context.draft, fields: withRegion(context.draft.fields, event.region) } }
        : {}
    ),
    /** The case id the slide's metadata names, unless the author has typed one meanwhile. */
    prefillCase: assign(({ context }, caseId: string | undefined) =>
      caseId !== undefined && context.draft?.fields !== undefined && !context.draft.fields.case_id
        ? { draft: { ...context.draft, fields: { ...context.draft.fields, case_id: caseId } }, prefilledCase: caseId }
        : {}
    ),
    keepFile: assign((_, file: DownloadedFile) => ({ file, error: null, outcome: null })),
    askDownload: assign(({ event }) =>
      event.type === "notes.download" ? { downloading: { id: event.id, lang: event.lang }, file: null, outcome: null } : {}
    ),
    change: assign(({ context, event }) =>
      event.type === "notes.change" && context.draft !== null
        ? {
            draft: {
              ...context.draft,
              ...(event.title === undefined ? {} : { title: event.title }),
              ...(event.value === undefined ? {} : { value: event.value })
            }
          }
        : {}
    ),
    dropDraft: assign({ draft: null }),
    keepSaved: assign(({ context }, note: SlideNote) => {
      const isNew = !context.notes.some((n) => n.id === note.id)
      return {
        notes: isNew ? [note, ...context.notes] : context.notes.map((n) => (n.id === note.id ? note : n)),
        count: context.count + (isNew ? 1 : 0),
        draft: null,
        error: null,
        outcome: { kind: "saved" as const }
      }
    }),
    askDelete: assign(({ event }) => (event.type === "notes.delete" ? { deleting: event.id, outcome: null, error: null } : {})),
    forgetDelete: assign({ deleting: null }),
    dropDeleted: assign(({ context }, id: string) => {
      const deletions = context.deletions + 1
      const stepBack = deletions >= DELETIONS_PER_STEP
      return {
        notes: context.notes.filter((n) => n.id !== id),
        count: Math.max(0, context.count - 1),
        deletions: stepBack ? 0 : deletions,
        nextPage: stepBack && context.nextPage !== null ? Math.max(1, context.nextPage - 1) : context.nextPage,
        deleting: null,
        outcome: { kind: "deleted" as const }
      }
    })
  }
}).createMachine({
  id: "notes",
  context: ({ input }) => ({
    ...input,
    notes: [],
    count: 0,
    nextPage: null,
    deletions: 0,
    draft: null,
    deleting: null,
    downloading: null,
    error: null,
    outcome: null,
    file: null,
    prefilledCase: null
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ slideId: context.slideId, kind: context.kind, page: 1 }),
        onDone: { target: "ready", actions: { type: "showPage", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: { type: "showFailure", params: (args) => ({ error: failureFrom(actors.load)(args), action: "load" as const }) }
        }
      }
    },
    failed: { on: { "notes.retry": { target: "loading" } } },
    ready: {
      always: { guard: "emptyButMore", target: "loadingMore" },
      on: {
        "notes.more": { guard: "hasMore", target: "loadingMore" },
        "notes.new": [
          { guard: "isReport", target: "prefilling", actions: "startNew" },
          { target: "editing", actions: "startNew" }
        ],
        "notes.download": { guard: "reportShown", target: "downloading", actions: "askDownload" },
        "notes.edit": { guard: "editable", target: "editing", actions: "startEdit" },
        "notes.delete": { guard: "deletable", target: "confirming", actions: "askDelete" }
      }
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ slideId: context.slideId, kind: context.kind, page: context.nextPage ?? 1 }),
        onDone: { target: "ready", actions: { type: "showPage", params: ({ event }) => event.output } },
        // What is shown stays; "Show more" tries again.
        onError: {
          target: "ready",
          actions: { type: "showFailure", params: (args) => ({ error: failureFrom(actors.load)(args), action: "load" as const }) }
        }
      }
    },
    // A new report's form is open while the slide's metadata is read for its case id.
    prefilling: {
      invoke: {
        id: "prefill",
        src: "prefill",
        input: ({ context }) => ({ slideId: context.slideId }),
        onDone: { target: "editing", actions: { type: "prefillCase", params: ({ event }) => event.output } },
        // Metadata failures are only logged (spec section 8): the field stays for the author to fill.
        onError: { target: "editing" }
      },
      on: {
        "notes.change": { actions: "change" },
        "notes.field": { actions: "changeField" },
        "notes.measurements": { actions: "changeTable" },
        "notes.region": { actions: "changeRegion" },
        "notes.cancel": { target: "ready", actions: "dropDraft" }
      }
    },
    downloading: {
      tags: ["busy"],
      invoke: {
        id: "download",
        src: "download",
        input: ({ context }) => {
          const report = context.notes.find((n) => n.id === context.downloading?.id)
          return {
            id: report?.id ?? "",
            title: report?.title ?? "",
            createdAt: report?.created_at ?? "",
            lang: context.downloading?.lang ?? "en"
          }
        },
        onDone: { target: "ready", actions: { type: "keepFile", params: ({ event }) => event.output } },
        onError: {
          target: "ready",
          actions: { type: "showFailure", params: (args) => ({ error: failureFrom(actors.download)(args), action: "download" as const }) }
        }
      },
      exit: assign({ downloading: null })
    },
    editing: {
      on: {
        "notes.change": { actions: "change" },
        "notes.field": { actions: "changeField" },
        "notes.measurements": { actions: "changeTable" },
        "notes.region": { actions: "changeRegion" },
        "notes.save": { guard: "draftSavable", target: "saving" },
        "notes.cancel": { target: "ready", actions: "dropDraft" }
      }
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({
          slideId: context.slideId,
          kind: context.kind,
          id: context.draft?.id ?? null,
          payload: payloadOf(context.draft)
        }),
        onDone: { target: "ready", actions: { type: "keepSaved", params: ({ event }) => event.output } },
        // The draft stays, so nothing typed is lost; saving again tries again.
        onError: {
          target: "editing",
          actions: { type: "showFailure", params: (args) => ({ error: failureFrom(actors.save)(args), action: "save" as const }) }
        }
      }
    },
    confirming: {
      on: {
        "notes.confirm": { target: "deleting" },
        "notes.back": { target: "ready", actions: "forgetDelete" }
      }
    },
    deleting: {
      tags: ["busy"],
      invoke: {
        id: "remove",
        src: "remove",
        input: ({ context }) => ({ slideId: context.slideId, kind: context.kind, id: context.deleting ?? "" }),
        onDone: { target: "ready", actions: { type: "dropDeleted", params: ({ event }) => event.output } },
        onError: {
          target: "ready",
          actions: [
            "forgetDelete",
            { type: "showFailure", params: (args) => ({ error: failureFrom(actors.remove)(args), action: "delete" as const }) }
          ]
        }
      }
    }
  }
})
