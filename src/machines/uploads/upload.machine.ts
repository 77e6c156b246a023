// One file's upload, spawned by uploads.machine.ts (one per file). It holds what the panel and the
// queue need to know of the file and hands the work to two children:
//
//   queued --plainly not a slide image--> failed, at once
//   queued --start (a slot is free)--> transferring: the transfer child (transfer.machine.ts) sends
//     the bytes, chunked and resumable, waiting out a lost connection
//   transferring --every byte is there--> processing: the processing child (processing.machine.ts)
//     waits for the server's pyramid job (live status messages, and asking now and then)
//   transferring --refused--> failed --retry [retryable]--> queued
//   processing --ready / failed--> ready / failed
//   queued/transferring/failed --cancel--> cancelled (stopping the transfer aborts its request)
//
// Each phase it enters is reported to the parent (the queue and the panel's counts), together with
// the moments the file lists should hear of: the upload began (the server created the lab), the
// transfer ended, the slide became ready or failed. What IndexedDB must keep for a reload is emitted
// (`store.remember`, `store.forget`) and the invoked `store` actor writes it: actions only assign,
// send and emit.
import { type AnyActorRef, assertEvent, assign, emit, enqueueActions, setup } from "xstate"
import type { UploadStatus } from "../../contract/labs.ts"
import { undecodableSlide, unreadableSlide, uploadFailure } from "../../effects/Catalogue.ts"
import { NotFound } from "../../effects/ApiError.ts"
import type { Notice } from "../../effects/Notice.ts"
import { isUploadable } from "../../effects/uploads/formats.ts"
import type { StatusUpload } from "../../contract/realtime.ts"
import { type PendingUpload, UploadStore } from "../../effects/uploads/UploadStore.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"
import { fromEffectInbox } from "../support/fromEffect.ts"
import { type ProcessingOutput, processingMachine } from "./processing.machine.ts"
import type { UploadTarget } from "./target.ts"
import { type TransferOutput, type TransferReport, transferMachine } from "./transfer.machine.ts"

export type UploadPhase = "queued" | "uploading" | "processing" | "ready" | "failed" | "cancelled"

/** What an upload tells its parent. */
export type UploadReport =
  | { readonly type: "upload.phase"; readonly key: string; readonly phase: UploadPhase }
  /** The server holds the first chunk: the file lab exists (status uploading) in the folder. */
  | { readonly type: "upload.began"; readonly key: string; readonly folderId: string | null }
  /** Every byte is there: the lab is processing. */
  | { readonly type: "upload.transferred"; readonly key: string; readonly folderId: string | null; readonly labId: string | null }
  /** Processing ended: ready with its thumbnails, or failed. */
  | { readonly type: "upload.settled"; readonly key: string; readonly folderId: string | null; readonly change: StatusUpload }

export interface UploadInput {
  /** Unique among the session's uploads. */
  readonly key: string
  readonly file: Blob
  readonly filename: string
  readonly folder: UploadTarget
  readonly userId: string
  /** Receives the reports; null in tests that do not listen. */
  readonly parent: AnyActorRef | null
  /** Where `status_upload` messages come from; null where there is none. */
  readonly realtime: RealtimeActor | null
  /** An upload the server already holds (restored after a reload). */
  readonly uploadId?: string | null
  readonly offset?: number | null
  readonly chunkBytes?: number
  /** Last-modified time of the file, kept with it for resuming. */
  readonly lastModified?: number
}

export interface UploadContext {
  readonly key: string
  readonly file: Blob
  readonly filename: string
  readonly size: number
  readonly lastModified: number
  readonly folder: UploadTarget
  readonly userId: string
  readonly parent: AnyActorRef | null
  readonly realtime: RealtimeActor | null
  readonly chunkBytes: number | undefined
  readonly uploadId: string | null
  /** Bytes the server had confirmed when the transfer last stopped (the transfer child knows better while it runs). */
  readonly offset: number
  /** The file lab, once the server names it. */
  readonly labId: string | null
  readonly status: UploadStatus | null
  readonly thumbnail: string | null
  readonly thumbnailUrl: string | null
  readonly failure: Notice | null
  readonly retryable: boolean
}

export type UploadEvent =
  | { readonly type: "upload.start" }
  | { readonly type: "upload.cancel" }
  /** From failed: queue again. While the transfer waits: try now. */
  | { readonly type: "upload.retry" }
  | TransferReport

/** What the store of unfinished uploads (IndexedDB) must do, as the upload emits it. */
export type StoreCommand =
  | { readonly type: "store.remember"; readonly upload: PendingUpload }
  | { readonly type: "store.forget"; readonly uploadId: string }

/** Keeps the unfinished uploads a reload can resume. Best effort: the store logs its own failures. */
const uploadStore = fromEffectInbox<StoreCommand>(["store.remember", "store.forget"], (command) =>
  UploadStore.use((store) => (command.type === "store.remember" ? store.put(command.upload) : store.remove(command.uploadId)))
)

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as StoreCommand,
    children: {} as { transfer: "transfer"; processing: "processing"; store: "store" }
  },
  actors: {
    transfer: transferMachine,
    processing: processingMachine,
    store: uploadStore
  },
  guards: {
    refused: ({ context }) => !isUploadable({ name: context.filename, size: context.size }),
    retryable: ({ context }) => context.retryable,
    transferred: (_, output: TransferOutput) => output.outcome === "transferred",
    forgotten: (_, output: TransferOutput) => output.outcome === "refused" && output.forgotten,
    ready: (_, output: ProcessingOutput) => output.outcome === "ready",
    slideFailed: (_, output: ProcessingOutput) => output.outcome === "failed"
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, report: UploadReport) => {
      if (context.parent !== null) enqueue.sendTo(context.parent, report)
    }),
    /** Keeps the unfinished upload (with its file) so a reload can resume it. */
    remember: emit(
      ({ context }): StoreCommand => ({
        type: "store.remember",
        upload: {
          upload_id: context.uploadId ?? "",
          user_id: context.userId,
          lab_id: context.folder.id,
          folder_name: context.folder.name,
          filename: context.filename,
          size: context.size,
          last_modified: context.lastModified,
          file: context.file
        }
      })
    ),
    forget: enqueueActions(({ context, enqueue }) => {
      if (context.uploadId !== null) enqueue.emit({ type: "store.forget", uploadId: context.uploadId })
    }),
    began: assign(({ event }) => {
      assertEvent(event, "transfer.began")
      return { uploadId: event.uploadId }
    }),
    transferred: assign(({ context }, output: TransferOutput) => ({
      uploadId: output.uploadId ?? context.uploadId,
      labId: output.outcome === "transferred" ? output.labId : context.labId,
      offset: context.size,
      status: "processing" as const
    })),
    refusedBy: assign((_, output: TransferOutput) =>
      output.outcome === "refused"
        ? { failure: output.failure, retryable: output.retryable, uploadId: output.uploadId, offset: output.offset }
        : {}
    ),
    settle: assign((_, output: ProcessingOutput) => ({
      status: output.outcome === "ready" ? ("ready" as const) : ("failed" as const),
      thumbnail: output.thumbnail,
      thumbnailUrl: output.thumbnailUrl
    })),
    /** The lab was deleted while it was being built: a retry sends the file again. */
    labGone: assign(() => {
      const { notice, retryable } = uploadFailure(new NotFound({ message: "" }))
      return { failure: notice, retryable }
    }),
    /** Plainly not a slide image: refused before sending. */
    failUnreadable: assign({ failure: unreadableSlide.notice, retryable: unreadableSlide.retryable }),
    /** The server took the file by its bytes, but its worker could not decode the image. */
    failUndecodable: assign({ failure: undecodableSlide.notice, retryable: undecodableSlide.retryable }),
    clearFailure: assign({ failure: null, retryable: false }),
    retryNow: enqueueActions(({ enqueue }) => enqueue.sendTo("transfer", { type: "transfer.retry" }))
  }
}).createMachine({
  id: "upload",
  context: ({ input }) => ({
    key: input.key,
    file: input.file,
    filename: input.filename,
    size: input.file.size,
    lastModified: input.lastModified ?? 0,
    folder: input.folder,
    userId: input.userId,
    parent: input.parent,
    realtime: input.realtime,
    chunkBytes: input.chunkBytes,
    uploadId: input.uploadId ?? null,
    offset: input.offset ?? 0,
    labId: null,
    status: null,
    thumbnail: null,
    thumbnailUrl: null,
    failure: null,
    retryable: false
  }),
  // The store of unfinished uploads lives as long as the upload and hears what it emits.
  invoke: { id: "store", src: "store", input: ({ self }) => self },
  initial: "queued",
  states: {
    queued: {
      tags: ["active"],
      entry: { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "queued" }) },
      // A PDF or an empty file fails at once, without a request.
      always: { guard: "refused", target: "failed", actions: "failUnreadable" },
      on: {
        "upload.start": "transferring",
        "upload.cancel": "cancelled"
      }
    },
    transferring: {
      tags: ["active", "transferring"],
      entry: { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "uploading" }) },
      invoke: {
        id: "transfer",
        src: "transfer",
        input: ({ context, self }) => ({
          file: context.file,
          filename: context.filename,
          folder: context.folder,
          parent: self,
          uploadId: context.uploadId,
          offset: context.offset,
          ...(context.chunkBytes === undefined ? {} : { chunkBytes: context.chunkBytes })
        }),
        onDone: [
          {
            guard: { type: "transferred", params: ({ event }) => event.output },
            target: "processing",
            actions: [
              { type: "transferred", params: ({ event }) => event.output },
              {
                type: "report",
                params: ({ context }) => ({
                  type: "upload.transferred",
                  key: context.key,
                  folderId: context.folder.id,
                  labId: context.labId
                })
              }
            ]
          },
          {
            // The server dropped the partial upload: nothing to resume after a reload.
            guard: { type: "forgotten", params: ({ event }) => event.output },
            target: "failed",
            actions: ["forget", { type: "refusedBy", params: ({ event }) => event.output }]
          },
          { target: "failed", actions: { type: "refusedBy", params: ({ event }) => event.output } }
        ]
      },
      on: {
        // The first receipt: the lab exists now, and the upload can outlive this page.
        "transfer.began": {
          actions: [
            "began",
            "remember",
            { type: "report", params: ({ context }) => ({ type: "upload.began", key: context.key, folderId: context.folder.id }) }
          ]
        },
        "upload.retry": { actions: "retryNow" },
        "upload.cancel": "cancelled"
      }
    },
    /** Every byte is on the server; its worker builds the pyramid and thumbnails. */
    processing: {
      tags: ["active"],
      entry: ["forget", { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "processing" }) }],
      invoke: {
        id: "processing",
        src: "processing",
        input: ({ context }) => ({ labId: context.labId, realtime: context.realtime }),
        onDone: [
          {
            guard: { type: "ready", params: ({ event }) => event.output },
            target: "ready",
            actions: { type: "settle", params: ({ event }) => event.output }
          },
          {
            guard: { type: "slideFailed", params: ({ event }) => event.output },
            target: "failed",
            actions: [{ type: "settle", params: ({ event }) => event.output }, "failUndecodable"]
          },
          { target: "failed", actions: "labGone" }
        ]
      }
    },
    ready: {
      tags: ["done"],
      entry: [
        { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "ready" }) },
        {
          type: "report",
          params: ({ context }) => ({
            type: "upload.settled",
            key: context.key,
            folderId: context.folder.id,
            change: { lab_id: context.labId ?? "", status: "ready", thumbnail: context.thumbnail, thumbnail_url: context.thumbnailUrl }
          })
        }
      ]
    },
    failed: {
      tags: ["done"],
      entry: [
        { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "failed" }) },
        enqueueActions(({ context, enqueue }) => {
          // A slide whose processing failed: the list shows it failed too.
          if (context.status === "failed" && context.labId !== null && context.parent !== null) {
            enqueue.sendTo(context.parent, {
              type: "upload.settled",
              key: context.key,
              folderId: context.folder.id,
              change: { lab_id: context.labId, status: "failed" }
            } satisfies UploadReport)
          }
          // Nothing to resume later unless a retry may help.
          if (!context.retryable) enqueue("forget")
        })
      ],
      on: {
        "upload.retry": { guard: "retryable", target: "queued", actions: "clearFailure" },
        "upload.cancel": "cancelled"
      }
    },
    cancelled: {
      tags: ["done"],
      entry: ["forget", { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "cancelled" }) }]
    }
  }
})
