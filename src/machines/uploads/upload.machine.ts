// One file's upload, spawned by uploads.machine.ts (one child per file):
//
//   queued --plainly not a slide image--> failed, at once
//   queued --start (a slot is free)--> uploading
//   uploading.sending --receipt--> sending (the next chunk) ... --the last byte--> processing
//   sending --offset mismatch--> sending, from the server's offset
//   sending --no answer / 5xx--> waiting --pause over, or retry now--> resyncing (asks the server's
//     offset, so a server restart or a lost answer never costs more than one chunk) --> sending
//   sending/resyncing --refused (403, 413, 400, 404)--> failed --retry [retryable]--> queued
//   processing --status_upload ready (or the poll says so)--> ready; --failed--> failed
//   queued/uploading/failed --cancel--> cancelled (leaving `sending` aborts the request)
//
// Each phase it enters is reported to the parent (the queue and the panel's counts), together with
// the moments the file list should hear of: the upload began (the server created the lab), the
// transfer ended, the slide became ready or failed.
import { Effect } from "effect"
import { type AnyActorRef, assertEvent, assign, enqueueActions, type EventObject, fromCallback, setup } from "xstate"
import type { UploadStatus } from "../../contract/labs.ts"
import { type ChunkReceipt, UPLOAD_CHUNK_BYTES, type UploadProgress } from "../../contract/slides.ts"
import { labChannel } from "../../contract/realtime.ts"
import { type UploadFailure, unreadableSlide, uploadFailure } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { pauseBefore, SERVER_ERROR_ATTEMPTS, shouldWait } from "../../effects/uploads/backoff.ts"
import { OffsetMismatch } from "../../effects/uploads/errors.ts"
import { isUploadable } from "../../effects/uploads/formats.ts"
import { pollStatus, STATUS_POLL_MS } from "../../effects/uploads/pollStatus.ts"
import { type StatusChange, statusChangeOf } from "../../effects/uploads/statusEvent.ts"
import { type ChunkToSend, Uploader } from "../../effects/uploads/Uploader.ts"
import { type PendingUpload, UploadStore } from "../../effects/uploads/UploadStore.ts"

import { errorOf } from "../support/eventData.ts"
import { fromEffect, fromEffectInbox } from "../support/fromEffect.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"

/** Where a file goes: a folder (id null for the root of the user's labs) and its name for the panel. */
export interface UploadTarget {
  readonly id: string | null
  readonly name: string
}

export type UploadPhase = "queued" | "uploading" | "processing" | "ready" | "failed" | "cancelled"

/** What a child tells its parent. */
export type UploadReport =
  | { readonly type: "upload.phase"; readonly key: string; readonly phase: UploadPhase }
  /** The server holds the first chunk: the file lab exists (status uploading) in the folder. */
  | { readonly type: "upload.began"; readonly key: string; readonly folderId: string | null }
  /** Every byte is there: the lab is processing. */
  | { readonly type: "upload.transferred"; readonly key: string; readonly folderId: string | null; readonly labId: string | null }
  /** Processing ended: ready with its thumbnails, or failed. */
  | { readonly type: "upload.settled"; readonly key: string; readonly folderId: string | null; readonly change: StatusChange }

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
  readonly chunkBytes: number
  readonly uploadId: string | null
  /** Bytes the server has confirmed. */
  readonly offset: number
  /** Bytes of the chunk on its way. */
  readonly sending: number
  /** The file lab, once the server names it. */
  readonly labId: string | null
  readonly status: UploadStatus | null
  readonly thumbnail: string | null
  readonly thumbnailUrl: string | null
  readonly failure: Notice | null
  readonly retryable: boolean
  /** Failed attempts in a row, for the pause before the next. */
  readonly attempts: number
}

export type UploadEvent =
  | { readonly type: "upload.start" }
  | { readonly type: "upload.cancel" }
  /** From failed: queue again. While waiting: try now. */
  | { readonly type: "upload.retry" }
  | { readonly type: "upload.progress"; readonly sent: number }
  | ({ readonly type: "upload.status" } & StatusChange)

/** What the upload asks of the store of unfinished uploads (IndexedDB), through its `store` actor. */
export type StoreCommand =
  | { readonly type: "store.remember"; readonly upload: PendingUpload }
  | { readonly type: "store.forget"; readonly uploadId: string }

/** Keeps the unfinished uploads a reload can resume. Best effort: the store logs its own failures. */
const uploadStore = fromEffectInbox<StoreCommand>((command) =>
  UploadStore.use((store) => (command.type === "store.remember" ? store.put(command.upload) : store.remove(command.uploadId)))
)

/** Hands the lab's `status_upload` messages to the upload while it is processing. */
const statusFeed = fromCallback<EventObject, { readonly realtime: RealtimeActor | null; readonly labId: string | null }>(
  ({ input, sendBack }) => {
    const { realtime, labId } = input
    if (realtime === null || labId === null) return
    const channel = labChannel(labId)
    realtime.send({ type: "realtime.watch", channel })
    const subscription = realtime.on("realtime.message", (message) => {
      if (message.channel !== channel) return
      const change = statusChangeOf(labId, message.event, message.data)
      if (change !== null) sendBack({ type: "upload.status", ...change } satisfies UploadEvent)
    })
    return () => {
      subscription.unsubscribe()
      realtime.send({ type: "realtime.unwatch", channel })
    }
  }
)

/** The next chunk: from the server's offset, at most `chunkBytes` long. */
export const nextChunk = (context: UploadContext): Omit<ChunkToSend, "onProgress"> => ({
  file: context.file,
  start: context.offset,
  end: Math.min(context.size, context.offset + context.chunkBytes),
  folderId: context.folder.id,
  filename: context.filename,
  uploadId: context.uploadId
})

/**
 * Where to continue from the server's offset. When it holds every byte (the last answer was lost),
 * the last byte is sent again: the server answers a chunk it already holds with its receipt, which
 * for a finished upload names the new lab.
 */
export const resumeAt = (context: Pick<UploadContext, "size">, held: number): number => Math.max(0, Math.min(held, context.size - 1))

/** Bytes done, counting the part of the chunk on its way. */
export const bytesDone = (context: Pick<UploadContext, "offset" | "sending" | "size">): number =>
  Math.min(context.size, context.offset + context.sending)

/** A status as a realtime message or a poll brings it; absent thumbnails mean "keep what you have". */
interface StatusFields {
  readonly status: UploadStatus | null
  readonly thumbnail?: string | null
  readonly thumbnail_url?: string | null
}

const isNotFound = (error: unknown) => typeof error === "object" && error !== null && "_tag" in error && error._tag === "NotFound"

const failureFields = (failure: UploadFailure) => ({ failure: failure.notice, retryable: failure.retryable, sending: 0 })

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent
  },
  actors: {
    sendChunk: fromEffect((chunk: ChunkToSend) => Uploader.use((uploader) => uploader.sendChunk(chunk))),
    askProgress: fromEffect((uploadId: string) => Uploader.use((uploader) => uploader.askProgress(uploadId))),
    pause: fromEffect((ms: number) => Effect.sleep(ms)),
    poll: fromEffect(pollStatus),
    statusFeed,
    store: uploadStore
  },
  guards: {
    refused: ({ context }) => !isUploadable({ name: context.filename, size: context.size }),
    hasUploadId: ({ context }) => context.uploadId !== null,
    retryable: ({ context }) => context.retryable,
    lastReceipt: ({ context }, receipt: ChunkReceipt) => receipt.lab !== undefined || receipt.offset >= context.size,
    misplaced: (_, error: unknown) => error instanceof OffsetMismatch,
    worthWaiting: ({ context }, error: unknown) => shouldWait(error, context.attempts + 1),
    isReady: (_, change: StatusFields) => change.status === "ready",
    isFailed: (_, change: StatusFields) => change.status === "failed",
    notFound: (_, error: unknown) => isNotFound(error)
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, report: UploadReport) => {
      if (context.parent !== null) enqueue.sendTo(context.parent, report)
    }),
    /** Keeps the unfinished upload (with its file) so a reload can resume it. */
    remember: enqueueActions(({ context, enqueue }) => {
      if (context.uploadId === null) return
      const upload: PendingUpload = {
        upload_id: context.uploadId,
        user_id: context.userId,
        lab_id: context.folder.id,
        folder_name: context.folder.name,
        filename: context.filename,
        size: context.size,
        last_modified: context.lastModified,
        file: context.file
      }
      enqueue.sendTo("store", { type: "store.remember", upload } satisfies StoreCommand)
    }),
    forget: enqueueActions(({ context, enqueue }) => {
      if (context.uploadId !== null) enqueue.sendTo("store", { type: "store.forget", uploadId: context.uploadId } satisfies StoreCommand)
    }),
    accept: assign(({ context }, receipt: ChunkReceipt) => ({
      uploadId: receipt.upload_id,
      offset: receipt.offset,
      sending: 0,
      attempts: 0,
      labId: receipt.lab?.id ?? context.labId,
      status: receipt.lab?.status ?? context.status
    })),
    moveTo: assign(({ context }, error: unknown) => ({
      offset: resumeAt(context, error instanceof OffsetMismatch ? error.offset : 0),
      sending: 0
    })),
    resync: assign(({ context }, progress: UploadProgress) => ({ offset: resumeAt(context, progress.offset), attempts: 0 })),
    // Counted up to where nothing changes any more (the longest pause; a failing server's last try),
    // so the count, like everything in the context, stays within bounds.
    countAttempt: assign(({ context }) => ({ attempts: Math.min(context.attempts + 1, SERVER_ERROR_ATTEMPTS), sending: 0 })),
    progress: assign(({ event }) => {
      assertEvent(event, "upload.progress")
      return { sending: event.sent }
    }),
    fail: assign((_, error: unknown) => failureFields(uploadFailure(error))),
    /** The server no longer holds the partial upload: a retry starts from the first byte. */
    startOver: assign({ uploadId: null, offset: 0 }),
    /** Not a slide image: refused before sending, or the server's worker could not read it. */
    failUnreadable: assign(failureFields(unreadableSlide)),
    takeStatus: assign(({ context }, change: StatusFields) => ({
      status: change.status,
      thumbnail: change.thumbnail === undefined ? context.thumbnail : change.thumbnail,
      thumbnailUrl: change.thumbnail_url === undefined ? context.thumbnailUrl : change.thumbnail_url
    })),
    clearFailure: assign({ failure: null, retryable: false, attempts: 0, sending: 0 })
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
    chunkBytes: input.chunkBytes ?? UPLOAD_CHUNK_BYTES,
    uploadId: input.uploadId ?? null,
    offset: input.offset ?? 0,
    sending: 0,
    labId: null,
    status: null,
    thumbnail: null,
    thumbnailUrl: null,
    failure: null,
    retryable: false,
    attempts: 0
  }),
  // The store of unfinished uploads lives as long as the upload; actions only send it commands.
  invoke: { id: "store", src: "store" },
  initial: "queued",
  states: {
    queued: {
      tags: ["active"],
      entry: { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "queued" }) },
      // A PDF or an empty file fails at once, without a request.
      always: { guard: "refused", target: "failed", actions: "failUnreadable" },
      on: {
        "upload.start": [{ guard: "hasUploadId", target: "uploading.resyncing" }, { target: "uploading.sending" }],
        "upload.cancel": "cancelled"
      }
    },
    uploading: {
      tags: ["active", "transferring"],
      entry: { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "uploading" }) },
      on: { "upload.cancel": "cancelled" },
      initial: "sending",
      states: {
        sending: {
          entry: assign({ sending: 0 }),
          invoke: {
            id: "sendChunk",
            src: "sendChunk",
            input: ({ context, self }) => ({
              ...nextChunk(context),
              onProgress: (sent: number) => self.send({ type: "upload.progress", sent })
            }),
            onDone: [
              {
                guard: { type: "lastReceipt", params: ({ event }) => event.output },
                target: "#upload.processing",
                actions: [
                  { type: "accept", params: ({ event }) => event.output },
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
                guard: "hasUploadId",
                target: "sending",
                reenter: true,
                actions: { type: "accept", params: ({ event }) => event.output }
              },
              {
                // The first receipt: the lab exists now, and the upload can outlive this page.
                target: "sending",
                reenter: true,
                actions: [
                  { type: "accept", params: ({ event }) => event.output },
                  "remember",
                  { type: "report", params: ({ context }) => ({ type: "upload.began", key: context.key, folderId: context.folder.id }) }
                ]
              }
            ],
            onError: [
              // The server holds another offset (a chunk of an earlier attempt arrived after all): go on from there.
              {
                guard: { type: "misplaced", params: errorOf },
                target: "sending",
                reenter: true,
                actions: { type: "moveTo", params: errorOf }
              },
              { guard: { type: "worthWaiting", params: errorOf }, target: "waiting", actions: "countAttempt" },
              {
                guard: { type: "notFound", params: errorOf },
                target: "#upload.failed",
                actions: [{ type: "fail", params: errorOf }, "forget", "startOver"]
              },
              { target: "#upload.failed", actions: { type: "fail", params: errorOf } }
            ]
          },
          on: { "upload.progress": { actions: "progress" } }
        },
        /** No answer: a pause that grows with each attempt, then the server is asked where it is. */
        waiting: {
          tags: ["retrying"],
          invoke: {
            id: "pause",
            src: "pause",
            input: ({ context }) => pauseBefore(context.attempts),
            onDone: [{ guard: "hasUploadId", target: "resyncing" }, { target: "sending" }]
          },
          on: { "upload.retry": [{ guard: "hasUploadId", target: "resyncing" }, { target: "sending" }] }
        },
        /** Asks how many bytes the server holds, so the next chunk starts exactly there. */
        resyncing: {
          tags: ["retrying"],
          invoke: {
            id: "askProgress",
            src: "askProgress",
            input: ({ context }) => context.uploadId ?? "",
            onDone: { target: "sending", actions: { type: "resync", params: ({ event }) => event.output } },
            onError: [
              { guard: { type: "worthWaiting", params: errorOf }, target: "waiting", actions: "countAttempt" },
              {
                guard: { type: "notFound", params: errorOf },
                target: "#upload.failed",
                actions: [{ type: "fail", params: errorOf }, "forget", "startOver"]
              },
              { target: "#upload.failed", actions: { type: "fail", params: errorOf } }
            ]
          }
        }
      }
    },
    /** Every byte is on the server; its worker builds the pyramid and thumbnails. */
    processing: {
      tags: ["active"],
      entry: [
        "forget",
        assign({ offset: ({ context }) => context.size, sending: 0, status: "processing" }),
        { type: "report", params: ({ context }) => ({ type: "upload.phase", key: context.key, phase: "processing" }) }
      ],
      invoke: { id: "statusFeed", src: "statusFeed", input: ({ context }) => ({ realtime: context.realtime, labId: context.labId }) },
      on: {
        "upload.status": [
          {
            guard: { type: "isReady", params: ({ event }) => event },
            target: "ready",
            actions: { type: "takeStatus", params: ({ event }) => event }
          },
          {
            guard: { type: "isFailed", params: ({ event }) => event },
            target: "failed",
            actions: [{ type: "takeStatus", params: ({ event }) => event }, "failUnreadable"]
          },
          { actions: { type: "takeStatus", params: ({ event }) => event } }
        ]
      },
      initial: "polling",
      states: {
        /** In case the realtime message never comes (socket down), the lab is asked every few seconds. */
        polling: {
          invoke: {
            id: "poll",
            src: "poll",
            input: ({ context }) => ({ labId: context.labId ?? "", afterMs: STATUS_POLL_MS }),
            onDone: [
              {
                guard: { type: "isReady", params: ({ event }) => event.output },
                target: "#upload.ready",
                actions: { type: "takeStatus", params: ({ event }) => event.output }
              },
              {
                guard: { type: "isFailed", params: ({ event }) => event.output },
                target: "#upload.failed",
                actions: [{ type: "takeStatus", params: ({ event }) => event.output }, "failUnreadable"]
              },
              { target: "polling", reenter: true }
            ],
            onError: [
              // The lab was deleted meanwhile: nothing left to wait for.
              { guard: { type: "notFound", params: errorOf }, target: "#upload.failed", actions: { type: "fail", params: errorOf } },
              { target: "polling", reenter: true }
            ]
          }
        }
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
