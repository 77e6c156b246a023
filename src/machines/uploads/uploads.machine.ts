// The signed-in user's uploads: one child actor per file (upload.machine.ts), at most `concurrency` of
// them sending at a time and the rest queued in the order they came; the progress panel, shown while
// there are uploads and collapsible (starting expanded); and, when the session starts, the unfinished
// uploads of an earlier page restored from IndexedDB.
//
//   restore:  restoring --done--> idle (each upload the server still holds resumes, queued)
//   panel:    hidden --an upload reports--> shown.expanded <--toggle--> shown.collapsed
//             shown --close [every upload finished]--> hidden (the finished rows go)
//
// What the file lists must hear of is emitted: a folder's list changed (an upload began there, or
// its transfer ended) and a slide's new status (ready with thumbnails, or failed).
import { type ActorRefFrom, assertEvent, assign, emit, enqueueActions, setup } from "xstate"
import type { StatusUpload } from "../../contract/realtime.ts"
import { type RestoredUploads, restoreUploads } from "../../effects/uploads/restore.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"
import type { UploadTarget } from "./target.ts"
import { type UploadPhase, type UploadReport, uploadMachine } from "./upload.machine.ts"
import { fromEffect } from "../support/fromEffect.ts"

export type UploadRef = ActorRefFrom<typeof uploadMachine>

/** Files sent at once: two keep the line busy while one waits for an answer, without starving the page. */
export const UPLOAD_CONCURRENCY = 2

export interface UploadsInput {
  readonly userId: string
  readonly realtime: RealtimeActor | null
  readonly concurrency?: number
  /** Chunk size for every upload (the contract's by default). */
  readonly chunkBytes?: number
}

/** One row of the panel, as the parent knows it; bytes and status text are the child's. */
export interface UploadEntry {
  readonly key: string
  readonly filename: string
  readonly size: number
  readonly folder: UploadTarget
  /** "new" until the child reports its first phase. */
  readonly phase: UploadPhase | "new"
  readonly ref: UploadRef
}

export interface UploadsContext {
  readonly userId: string
  readonly realtime: RealtimeActor | null
  readonly concurrency: number
  readonly chunkBytes: number | undefined
  readonly uploads: ReadonlyArray<UploadEntry>
  /** Uploads spawned so far: keys stay unique for the whole session. */
  readonly sequence: number
}

/** A file to upload: a picked or dropped File, or one restored from IndexedDB. */
interface NewUpload {
  readonly file: Blob
  readonly filename: string
  readonly lastModified: number
  readonly folder: UploadTarget
  readonly uploadId?: string
  readonly offset?: number | null
}

export type UploadsEvent =
  | { readonly type: "uploads.add"; readonly files: ReadonlyArray<File>; readonly folder: UploadTarget }
  | { readonly type: "uploads.cancel"; readonly key: string }
  | { readonly type: "uploads.retry"; readonly key: string }
  /** The browser is back online: uploads waiting out a failure try now. */
  | { readonly type: "uploads.online" }
  | { readonly type: "uploads.toggle" }
  | { readonly type: "uploads.close" }
  | UploadReport

export type UploadsEmitted =
  | { readonly type: "uploads.listChanged"; readonly folderId: string | null }
  | { readonly type: "uploads.labStatus"; readonly folderId: string | null; readonly change: StatusUpload }
  | { readonly type: "uploads.forgotten"; readonly names: ReadonlyArray<string> }

const finished: ReadonlySet<UploadEntry["phase"]> = new Set(["ready", "failed", "cancelled"])

const withPhase = (uploads: ReadonlyArray<UploadEntry>, key: string, phase: UploadEntry["phase"]) =>
  uploads.map((entry) => (entry.key === key ? { ...entry, phase } : entry))

export const uploadsMachine = setup({
  types: {
    input: {} as UploadsInput,
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
    emitted: {} as UploadsEmitted
  },
  actors: {
    upload: uploadMachine,
    restore: fromEffect((userId: string) => restoreUploads(userId))
  },
  guards: {
    listed: ({ context, event }) => event.type === "upload.phase" && context.uploads.some((entry) => entry.key === event.key),
    allFinished: ({ context }) => context.uploads.every((entry) => finished.has(entry.phase))
  },
  actions: {
    spawnUploads: assign(({ context, spawn, self }, files: ReadonlyArray<NewUpload>) => {
      let sequence = context.sequence
      const added = files.map((file): UploadEntry => {
        const key = `upload-${++sequence}`
        const ref = spawn("upload", {
          id: key,
          input: {
            key,
            file: file.file,
            filename: file.filename,
            lastModified: file.lastModified,
            folder: file.folder,
            userId: context.userId,
            parent: self,
            realtime: context.realtime,
            uploadId: file.uploadId ?? null,
            offset: file.offset ?? null,
            ...(context.chunkBytes === undefined ? {} : { chunkBytes: context.chunkBytes })
          }
        })
        return { key, filename: file.filename, size: file.file.size, folder: file.folder, phase: "new", ref }
      })
      return { uploads: [...context.uploads, ...added], sequence }
    }),
    /** Records a child's phase, then starts queued uploads, oldest first, while a slot is free. */
    track: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "upload.phase")
      let uploads = withPhase(context.uploads, event.key, event.phase)
      let sending = uploads.filter((entry) => entry.phase === "uploading").length
      for (const entry of uploads) {
        if (sending >= context.concurrency) break
        if (entry.phase !== "queued") continue
        enqueue.sendTo(entry.ref, { type: "upload.start" })
        // Counted as sending from now: its own report follows once it has the event.
        uploads = withPhase(uploads, entry.key, "uploading")
        sending += 1
      }
      enqueue.assign({ uploads })
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["uploads.cancel", "uploads.retry"])
      const entry = context.uploads.find((candidate) => candidate.key === event.key)
      if (entry !== undefined) enqueue.sendTo(entry.ref, { type: event.type === "uploads.cancel" ? "upload.cancel" : "upload.retry" })
    }),
    retryWaiting: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.uploads) if (entry.phase === "uploading") enqueue.sendTo(entry.ref, { type: "upload.retry" })
    }),
    clearFinished: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.uploads) if (finished.has(entry.phase)) enqueue.stopChild(entry.ref)
      enqueue.assign({ uploads: context.uploads.filter((entry) => !finished.has(entry.phase)) })
    }),
    announceChange: emit(({ event }) => {
      assertEvent(event, ["upload.began", "upload.transferred"])
      return { type: "uploads.listChanged" as const, folderId: event.folderId }
    }),
    announceStatus: emit(({ event }) => {
      assertEvent(event, "upload.settled")
      return { type: "uploads.labStatus" as const, folderId: event.folderId, change: event.change }
    }),
    announceForgotten: enqueueActions(({ enqueue }, restored: RestoredUploads) => {
      if (restored.forgotten.length > 0) enqueue.emit({ type: "uploads.forgotten", names: restored.forgotten })
    })
  }
}).createMachine({
  id: "uploads",
  context: ({ input }) => ({
    userId: input.userId,
    realtime: input.realtime,
    concurrency: input.concurrency ?? UPLOAD_CONCURRENCY,
    chunkBytes: input.chunkBytes,
    uploads: [],
    sequence: 0
  }),
  type: "parallel",
  on: {
    "uploads.add": {
      actions: {
        type: "spawnUploads",
        params: ({ event }) =>
          event.files.map((file) => ({ file, filename: file.name, lastModified: file.lastModified, folder: event.folder }))
      }
    },
    "uploads.cancel": { actions: "forward" },
    "uploads.retry": { actions: "forward" },
    "uploads.online": { actions: "retryWaiting" },
    "upload.began": { actions: "announceChange" },
    "upload.transferred": { actions: "announceChange" },
    "upload.settled": { actions: "announceStatus" }
  },
  states: {
    restore: {
      initial: "restoring",
      states: {
        restoring: {
          invoke: {
            id: "restore",
            src: "restore",
            input: ({ context }) => context.userId,
            onDone: {
              target: "idle",
              actions: [
                {
                  type: "spawnUploads",
                  params: ({ event }) =>
                    event.output.resumable.map(({ pending, offset }) => ({
                      file: pending.file,
                      filename: pending.filename,
                      lastModified: pending.last_modified,
                      folder: { id: pending.lab_id, name: pending.folder_name },
                      uploadId: pending.upload_id,
                      offset
                    }))
                },
                { type: "announceForgotten", params: ({ event }) => event.output }
              ]
            },
            // Nothing could be read back: the uploads of this page still work.
            onError: { target: "idle" }
          }
        },
        idle: {}
      }
    },
    panel: {
      initial: "hidden",
      states: {
        hidden: {
          // A stopped upload's last words may still be on their way: only a listed one shows the panel.
          on: { "upload.phase": { guard: "listed", target: "shown", actions: "track" } }
        },
        shown: {
          on: {
            "upload.phase": { actions: "track" },
            "uploads.close": { guard: "allFinished", target: "hidden", actions: "clearFinished" }
          },
          // The collapse toggles between expanded and collapsed, starting expanded.
          initial: "expanded",
          states: {
            expanded: { tags: ["expanded"], on: { "uploads.toggle": "collapsed" } },
            collapsed: { on: { "uploads.toggle": "expanded" } }
          }
        }
      }
    }
  }
})

export type UploadsActor = ActorRefFrom<typeof uploadsMachine>
