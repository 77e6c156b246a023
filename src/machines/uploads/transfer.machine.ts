// Sending one file's bytes: the child an upload (upload.machine.ts) invokes while it transfers.
//
//   start --the server holds part of it already--> resyncing, otherwise sending
//   sending --receipt--> sending (the next chunk) ... --the last byte--> transferred (final)
//   sending --offset mismatch--> sending, from the server's offset
//   sending --no answer / 5xx / 429--> waiting --the pause is over, or retry now--> resyncing (asks
//     the server's offset, so a server restart or a lost answer never costs more than one chunk)
//     --> sending
//   sending/resyncing --refused (403, 413, 400, 404, a server failing six times)--> refused (final)
//
// The first receipt tells the parent the upload id (`transfer.began`): the lab exists from then on,
// and the upload can outlive the page. Pausing and cancelling are the parent's: it stops this actor,
// which aborts the chunk on its way. The pause before trying again is the `waiting` state's delayed
// transition, after the `pause` delay, which grows with the failures in a row.
import { type AnyActorRef, assertEvent, assign, enqueueActions, setup } from "xstate"
import { type ChunkReceipt, UPLOAD_CHUNK_BYTES, type UploadProgress } from "../../contract/slides.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { uploadFailure } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { pauseBefore, SERVER_ERROR_ATTEMPTS, shouldWait } from "../../effects/uploads/backoff.ts"
import { OffsetMismatch } from "../../effects/uploads/errors.ts"
import { type ChunkToSend, Uploader } from "../../effects/uploads/Uploader.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import type { UploadTarget } from "./target.ts"

export interface TransferInput {
  readonly file: Blob
  readonly filename: string
  readonly folder: UploadTarget
  /** Hears `transfer.began`; null where nobody listens (tests). */
  readonly parent: AnyActorRef | null
  /** An upload the server already holds part of (restored after a reload, or retried). */
  readonly uploadId: string | null
  readonly offset: number
  readonly chunkBytes?: number
}

export interface TransferContext {
  readonly file: Blob
  readonly filename: string
  readonly size: number
  readonly folder: UploadTarget
  readonly parent: AnyActorRef | null
  readonly chunkBytes: number
  readonly uploadId: string | null
  /** Bytes the server has confirmed. */
  readonly offset: number
  /** Bytes of the chunk on its way. */
  readonly sending: number
  /** The file lab, once the last receipt names it. */
  readonly labId: string | null
  /** Failed attempts in a row, for the pause before the next. */
  readonly attempts: number
  /** Why it stopped, once refused. */
  readonly failure: Notice | null
  readonly retryable: boolean
  /** The server no longer holds the partial upload: a retry starts from the first byte. */
  readonly forgotten: boolean
}

export type TransferEvent =
  /** While waiting: try now (the user asked, or the browser is back online). */
  { readonly type: "transfer.retry" } | { readonly type: "transfer.progress"; readonly sent: number }

/** What the transfer tells its parent before it ends. */
export type TransferReport = { readonly type: "transfer.began"; readonly uploadId: string }

export type TransferOutput =
  | { readonly outcome: "transferred"; readonly uploadId: string | null; readonly labId: string | null }
  | {
      readonly outcome: "refused"
      readonly failure: Notice
      readonly retryable: boolean
      readonly forgotten: boolean
      readonly uploadId: string | null
      readonly offset: number
    }

/** The next chunk: from the server's offset, at most `chunkBytes` long. */
export const nextChunk = (context: TransferContext): Omit<ChunkToSend, "onProgress"> => ({
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
export const resumeAt = (context: Pick<TransferContext, "size">, held: number): number => Math.max(0, Math.min(held, context.size - 1))

/** Bytes done, counting the part of the chunk on its way. */
export const bytesDone = (context: Pick<TransferContext, "offset" | "sending" | "size">): number =>
  Math.min(context.size, context.offset + context.sending)

const isNotFound = (error: AppFailure) => error._tag === "NotFound"

const actors = {
  sendChunk: fromEffect((chunk: ChunkToSend) => Uploader.use((uploader) => uploader.sendChunk(chunk))),
  askProgress: fromEffect((uploadId: string) => Uploader.use((uploader) => uploader.askProgress(uploadId)))
}

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
    output: {} as TransferOutput
  },
  actors,
  delays: {
    /** The pause before the next try grows with the failures in a row (backoff.ts). */
    pause: ({ context }) => pauseBefore(context.attempts)
  },
  guards: {
    hasUploadId: ({ context }) => context.uploadId !== null,
    lastReceipt: ({ context }, receipt: ChunkReceipt) => receipt.lab !== undefined || receipt.offset >= context.size,
    misplaced: (_, error: AppFailure) => error instanceof OffsetMismatch,
    worthWaiting: ({ context }, error: AppFailure) => shouldWait(error, context.attempts + 1)
  },
  actions: {
    /** The first receipt: the lab exists now, and the parent keeps the upload for a reload. */
    announce: enqueueActions(({ context, enqueue }, receipt: ChunkReceipt) => {
      if (context.parent !== null)
        enqueue.sendTo(context.parent, { type: "transfer.began", uploadId: receipt.upload_id } satisfies TransferReport)
    }),
    accept: assign(({ context }, receipt: ChunkReceipt) => ({
      uploadId: receipt.upload_id,
      offset: receipt.offset,
      sending: 0,
      attempts: 0,
      labId: receipt.lab?.id ?? context.labId
    })),
    moveTo: assign(({ context }, error: AppFailure) => ({
      offset: resumeAt(context, error instanceof OffsetMismatch ? error.offset : 0),
      sending: 0
    })),
    /** The server answered: the count of failures in a row starts again. */
    resync: assign(({ context }, progress: UploadProgress) => ({ offset: resumeAt(context, progress.offset), attempts: 0 })),
    // Counted up to where nothing changes any more (the longest pause; a failing server's last try),
    // so the count, like everything in the context, stays within bounds.
    countAttempt: assign(({ context }) => ({ attempts: Math.min(context.attempts + 1, SERVER_ERROR_ATTEMPTS), sending: 0 })),
    progress: assign(({ event }) => {
      assertEvent(event, "transfer.progress")
      return { sending: event.sent }
    }),
    refuse: assign((_, error: AppFailure) => {
      const { notice, retryable } = uploadFailure(error)
      return { failure: notice, retryable, forgotten: isNotFound(error), sending: 0 }
    }),
    /** The server no longer holds the partial upload: a retry starts from the first byte. */
    startOver: assign({ uploadId: null, offset: 0 })
  }
}).createMachine({
  id: "transfer",
  context: ({ input }) => ({
    file: input.file,
    filename: input.filename,
    size: input.file.size,
    folder: input.folder,
    parent: input.parent,
    chunkBytes: input.chunkBytes ?? UPLOAD_CHUNK_BYTES,
    uploadId: input.uploadId,
    offset: input.offset,
    sending: 0,
    labId: null,
    attempts: 0,
    failure: null,
    retryable: false,
    forgotten: false
  }),
  initial: "start",
  output: ({ context }): TransferOutput =>
    context.failure === null
      ? { outcome: "transferred", uploadId: context.uploadId, labId: context.labId }
      : {
          outcome: "refused",
          failure: context.failure,
          retryable: context.retryable,
          forgotten: context.forgotten,
          uploadId: context.uploadId,
          offset: context.offset
        },
  states: {
    /** An upload the server holds part of asks where to continue first. */
    start: { always: [{ guard: "hasUploadId", target: "resyncing" }, { target: "sending" }] },
    sending: {
      tags: ["sending"],
      entry: assign({ sending: 0 }),
      invoke: {
        id: "sendChunk",
        src: "sendChunk",
        input: ({ context, self }) => ({
          ...nextChunk(context),
          onProgress: (sent: number) => self.send({ type: "transfer.progress", sent })
        }),
        onDone: [
          {
            guard: { type: "lastReceipt", params: ({ event }) => event.output },
            target: "transferred",
            actions: { type: "accept", params: ({ event }) => event.output }
          },
          {
            guard: "hasUploadId",
            target: "sending",
            reenter: true,
            actions: { type: "accept", params: ({ event }) => event.output }
          },
          {
            target: "sending",
            reenter: true,
            actions: [
              { type: "accept", params: ({ event }) => event.output },
              { type: "announce", params: ({ event }) => event.output }
            ]
          }
        ],
        onError: [
          // The server holds another offset (a chunk of an earlier attempt arrived after all): go on from there.
          {
            guard: { type: "misplaced", params: failureFrom(actors.sendChunk) },
            target: "sending",
            reenter: true,
            actions: { type: "moveTo", params: failureFrom(actors.sendChunk) }
          },
          { guard: { type: "worthWaiting", params: failureFrom(actors.sendChunk) }, target: "waiting", actions: "countAttempt" },
          { target: "refused", actions: { type: "refuse", params: failureFrom(actors.sendChunk) } }
        ]
      },
      on: { "transfer.progress": { actions: "progress" } }
    },
    /** No answer: a pause that grows with each attempt, then the server is asked where it is. */
    waiting: {
      tags: ["retrying"],
      after: { pause: [{ guard: "hasUploadId", target: "resyncing" }, { target: "sending" }] },
      on: {
        "transfer.retry": [{ guard: "hasUploadId", target: "resyncing" }, { target: "sending" }]
      }
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
          { guard: { type: "worthWaiting", params: failureFrom(actors.askProgress) }, target: "waiting", actions: "countAttempt" },
          { target: "refused", actions: { type: "refuse", params: failureFrom(actors.askProgress) } }
        ]
      }
    },
    transferred: { type: "final", entry: assign(({ context }) => ({ offset: context.size, sending: 0 })) },
    refused: {
      type: "final",
      // A partial upload the server forgot cannot be resumed: a retry starts from the first byte.
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.forgotten) enqueue("startOver")
      })
    }
  }
})
