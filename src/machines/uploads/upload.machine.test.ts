import { type AnyActorRef, createActor, createMachine, type EventObject, fromCallback, fromPromise, SimulatedClock } from "xstate"
import { describe, expect, it } from "vitest"
import type { ChunkReceipt } from "../../contract/slides.ts"
import { Forbidden, NetworkError } from "../../effects/ApiError.ts"
import type { ChunkToSend } from "../../effects/uploads/Uploader.ts"
import { rowViewWith } from "../../views/uploads/upload-view.ts"
import { drive } from "../../testing/drive.ts"
import { lab } from "../../testing/labFixtures.ts"
import { type Arrival, type Invocation, lastInput, modelFor } from "../../testing/modelHarness.ts"
import { englishOf } from "../../testing/words.ts"
import { transferMachine } from "./transfer.machine.ts"
import { type StoreCommand, type UploadEvent, type UploadInput, type UploadReport, uploadMachine } from "./upload.machine.ts"

const file = new File(["0123456789abcdefghij"], "liver.tif", { type: "image/tiff", lastModified: 1_700_000_000_000 })
const SIZE = 20
const folder = { id: "f1", name: "Slides" }

/** The queue (uploads.machine), as a recorder of what the upload reports. */
const reported: Array<UploadReport> = []
const queue = createActor(fromCallback(({ receive }) => receive((event) => void reported.push(event as UploadReport)))).start()

const input: UploadInput = {
  key: "upload-1",
  file,
  filename: file.name,
  lastModified: file.lastModified,
  folder,
  userId: "u1",
  parent: queue,
  realtime: null,
  chunkBytes: 8
}
const silentStore = { store: fromCallback<EventObject, AnyActorRef>(() => undefined) }
const thumbnails = {
  thumbnail: "/v2/media/slides/l1/k/slide_thumb_77x77.jpg",
  thumbnailUrl: "/v2/media/slides/l1/k/slide_thumb_312x281.jpg"
}

const refused = (failure: object, retryable: boolean, more: object = {}) => ({
  type: "xstate.done.actor.transfer",
  output: { outcome: "refused", failure, retryable, forgotten: false, uploadId: "up1", offset: 8, ...more }
})
const events = {
  start: { type: "upload.start" },
  cancel: { type: "upload.cancel" },
  retry: { type: "upload.retry" },
  began: { type: "transfer.began", uploadId: "up1" },
  transferred: { type: "xstate.done.actor.transfer", output: { outcome: "transferred", uploadId: "up1", labId: "l1" } },
  "refused: 403": refused({ key: "uploads.errors.forbidden" }, false),
  "refused: storage full": refused({ key: "errors.storageFull" }, true),
  "refused: forgotten": refused({ key: "uploads.errors.forgotten" }, true, { forgotten: true, uploadId: null, offset: 0 }),
  ready: { type: "xstate.done.actor.processing", output: { outcome: "ready", labId: "l1", ...thumbnails } },
  "slide failed": { type: "xstate.done.actor.processing", output: { outcome: "failed", labId: "l1", thumbnail: null, thumbnailUrl: null } },
  "lab gone": { type: "xstate.done.actor.processing", output: { outcome: "gone", labId: "l1", thumbnail: null, thumbnailUrl: null } }
} as unknown as Record<string, UploadEvent>

type Snapshot = ReturnType<typeof uploadMachine.transition>
type At = Arrival<typeof uploadMachine>

/**
 * What the queue heard in answer to the arrival's event. Reports arrive as they are sent, so at the
 * start of a path its one report (queued) is the last one heard.
 */
let reportedBefore = 0
const newlyReported = ({ via }: At) => {
  if (via === "start") reportedBefore = reported.length - 1
  const fresh = reported.slice(reportedBefore)
  reportedBefore = reported.length
  return fresh
}
const phasesOf = (reports: ReadonlyArray<UploadReport>) => reports.flatMap((r) => (r.type === "upload.phase" ? [r.phase] : []))
/** What the store of unfinished uploads was told in answer to the arrival's event. */
const storeHeard = ({ emitted }: At) =>
  (emitted as ReadonlyArray<StoreCommand>).map((c) =>
    c.type === "store.remember" ? `remember ${c.upload.upload_id}` : `forget ${c.uploadId}`
  )
/** The panel's row (the transfer's own progress is the transfer model's). */
const rowOf = (actual: Snapshot) => rowViewWith(actual, undefined)

const states = {
  queued: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    // Only a failure that a retry may help is queued again, and it waits for a free slot.
    if (arrival.via === "retry") expect(arrival.before?.context.retryable).toBe(true)
    expect(phasesOf(newlyReported(arrival))).toEqual(["queued"])
    expect(storeHeard(arrival)).toEqual([])
    expect(rowOf(actual)).toMatchObject({ state: "queued", failure: null, canCancel: true, canRetry: false })
  },
  transferring: (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    const reports = newlyReported(arrival)
    if (arrival.via === "start") {
      expect(phasesOf(reports)).toEqual(["uploading"])
      // The transfer goes on from what the server already holds (nothing, or a retried upload's part).
      expect(lastInput(calls, "transfer")).toMatchObject({
        file,
        filename: "liver.tif",
        folder,
        uploadId: actual.context.uploadId,
        offset: actual.context.offset
      })
    }
    if (arrival.via === "began") {
      // The server created the lab: the folder's list shows it, and a reload can resume the upload.
      expect(reports).toEqual([{ type: "upload.began", key: "upload-1", folderId: "f1" }])
      expect(arrival.emitted).toEqual([
        {
          type: "store.remember",
          upload: {
            upload_id: "up1",
            user_id: "u1",
            lab_id: "f1",
            folder_name: "Slides",
            filename: "liver.tif",
            size: SIZE,
            last_modified: file.lastModified,
            file
          }
        }
      ])
    } else expect(storeHeard(arrival)).toEqual([])
    expect(rowOf(actual)).toMatchObject({ state: "sending", canCancel: true, canRetry: false, failure: null })
  },
  processing: (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    // Every byte is there: the list hears of it, nothing is left to resume, the slide is being built.
    expect(arrival.via).toBe("transferred")
    expect(newlyReported(arrival)).toEqual([
      { type: "upload.transferred", key: "upload-1", folderId: "f1", labId: "l1" },
      { type: "upload.phase", key: "upload-1", phase: "processing" }
    ])
    expect(storeHeard(arrival)).toEqual(["forget up1"])
    expect(lastInput(calls, "processing")).toEqual({ labId: "l1", realtime: null })
    expect(rowOf(actual)).toMatchObject({ state: "processing", done: SIZE, percent: 100, canCancel: false, canRetry: false })
  },
  ready: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    expect(arrival.via).toBe("ready")
    // The list shows the slide ready with its thumbnails; the row opens it.
    expect(newlyReported(arrival)).toEqual([
      { type: "upload.phase", key: "upload-1", phase: "ready" },
      {
        type: "upload.settled",
        key: "upload-1",
        folderId: "f1",
        change: { lab_id: "l1", status: "ready", thumbnail: thumbnails.thumbnail, thumbnail_url: thumbnails.thumbnailUrl }
      }
    ])
    expect(rowOf(actual)).toMatchObject({ state: "ready", labId: "l1", thumbnail: thumbnails.thumbnail, canCancel: false, canRetry: false })
  },
  failed: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    const row = rowOf(actual)
    expect(row.state).toBe("failed")
    expect(row.canCancel).toBe(false)
    const reports = newlyReported(arrival)
    // A retry that cannot help changes nothing.
    if (arrival.via === "retry") {
      expect(arrival.before?.context.retryable).toBe(false)
      expect(reports).toEqual([])
      return
    }
    expect(phasesOf(reports)).toEqual(["failed"])
    // Spec: wrong format is an error; no permission says so; storage full says so. A slide the
    // worker could not decode says so: its format was right (the server judged the bytes).
    const says: Record<string, [string, boolean]> = {
      "refused: 403": ["You are not allowed to upload in this laboratory", false],
      "refused: storage full": ["Upload failed, storage full!", true],
      "refused: forgotten": ["The server no longer holds this upload. Retry to send it again.", true],
      "slide failed": [
        "This file is in a format Preparat reads, but its image could not be decoded: it may be damaged or incomplete. Export it again and upload the new copy.",
        false
      ],
      "lab gone": ["The server no longer holds this upload. Retry to send it again.", true]
    }
    const [text, retryable] = says[arrival.via] ?? ["(unexpected)", false]
    expect(englishOf(row.failure)).toBe(text)
    expect(row.canRetry).toBe(retryable)
    // The list shows a slide whose building failed as failed.
    const settled = reports.filter((r) => r.type === "upload.settled")
    expect(settled).toEqual(
      arrival.via === "slide failed"
        ? [{ type: "upload.settled", key: "upload-1", folderId: "f1", change: { lab_id: "l1", status: "failed" } }]
        : []
    )
    // What cannot be retried, or what the server forgot, is not kept for a reload.
    // The upload the server held: as the transfer last knew it, or as it was before.
    const told = (arrival.event as unknown as { output?: { uploadId?: string | null } }).output?.uploadId
    const held = told ?? arrival.before?.context.uploadId ?? null
    const forgets = held !== null && (!retryable || arrival.via === "refused: forgotten") ? [`forget ${held}`] : []
    expect(storeHeard(arrival)).toEqual(forgets)
    if (arrival.via === "refused: forgotten") expect([actual.context.uploadId, actual.context.offset]).toEqual([null, 0])
  },
  cancelled: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    expect(arrival.via).toBe("cancel")
    expect(phasesOf(newlyReported(arrival))).toEqual(["cancelled"])
    const held = arrival.before?.context.uploadId ?? null
    expect(storeHeard(arrival)).toEqual(held === null ? [] : [`forget ${held}`])
    expect(rowOf(actual)).toMatchObject({ state: "cancelled", canCancel: false, canRetry: false })
  }
}

const model = modelFor({
  machine: uploadMachine,
  promiseActors: ["transfer", "processing"],
  provide: { actors: silentStore },
  input,
  events,
  // Whether the server holds the upload and whether a retry may help decide what happens next.
  distinguish: ({ value, context }) => ({
    value,
    uploadId: context.uploadId !== null,
    retryable: context.retryable,
    status: context.status
  }),
  states
})

// The refusal of what is plainly not a slide depends on the file, which the input fixes: a second
// model starts from a PDF, and the two together must cover the machine.
const pdf = new File(["%PDF-1.7"], "report.pdf", { type: "application/pdf" })
const refusedModel = modelFor({
  machine: uploadMachine,
  promiseActors: ["transfer", "processing"],
  provide: { actors: silentStore },
  input: { ...input, file: pdf, filename: pdf.name, parent: null },
  events: [{ type: "upload.start" }, { type: "upload.retry" }, { type: "upload.cancel" }],
  states: {
    // Refused before anything is sent: not an image Preparat reads, with the formats that are.
    failed: (actual, calls) => {
      expect(calls).toEqual([])
      expect(englishOf(actual.context.failure)).toBe(
        "This is not an image Preparat reads. Upload JPEG, PNG, WebP, TIFF (BigTIFF too), SVS or DICOM files."
      )
    },
    cancelled: (actual) => expect(rowViewWith(actual, undefined).state).toBe("cancelled")
  }
})

describe("upload model", () => {
  it.each([...model.paths, ...refusedModel.paths].map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths of both models cover every state and every transition", { timeout: 60_000 }, async () => {
    const [image, pdfFile] = [await model.coverage(), await refusedModel.coverage()]
    expect({
      missingStates: image.missingStates.filter((state) => pdfFile.missingStates.includes(state)),
      missingTransitions: image.missingTransitions.filter((transition) => pdfFile.missingTransitions.includes(transition)),
      uncheckedStates: image.uncheckedStates
    }).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

/** A promise actor whose runs the test settles one by one, in order. */
const controlled = <Output, Input>() => {
  const runs: Array<{ input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }> = []
  const logic = fromPromise<Output, Input>(({ input }) => new Promise((resolve, reject) => void runs.push({ input, resolve, reject })))
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return {
    logic,
    runs,
    succeed: async (output: Output) => {
      runs.at(-1)?.resolve(output)
      await settle()
    },
    fail: async (error: unknown) => {
      runs.at(-1)?.reject(error)
      await settle()
    }
  }
}

const created = lab("l1", "liver.tif", { is_dir: false, parent: "f1", status: "processing", size: SIZE })

/** An upload with its real children, whose requests the test answers. */
const wholeUpload = (more: Partial<UploadInput> = {}) => {
  const chunks = controlled<ChunkReceipt, ChunkToSend>()
  const asked = controlled<{ upload_id: string; offset: number; total: number; filename: string; lab_id: string | null }, string>()
  const stored: Array<string> = []
  const store = fromCallback<EventObject, AnyActorRef>(({ input: upload }) => {
    const subscriptions = [
      upload.on("store.remember", (c: StoreCommand) => void stored.push(c.type === "store.remember" ? `put ${c.upload.upload_id}` : "")),
      upload.on("store.forget", (c: StoreCommand) => void stored.push(c.type === "store.forget" ? `remove ${c.uploadId}` : ""))
    ]
    return () => {
      for (const s of subscriptions) s.unsubscribe()
    }
  })
  const machine = uploadMachine.provide({
    actors: {
      store,
      transfer: transferMachine.provide({ actors: { sendChunk: chunks.logic, askProgress: asked.logic } })
    }
  })
  // Time is the test's: no pause ends and no status is asked for by itself.
  const actor = createActor(machine, { input: { ...input, parent: null, ...more }, clock: new SimulatedClock() }).start()
  return { actor, chunks, asked, stored }
}

describe("upload scenarios", () => {
  it("sends the file in chunks, remembers it after the first, forgets it once every byte is there", async () => {
    const { actor, chunks, stored } = wholeUpload()
    actor.send({ type: "upload.start" })
    expect(chunks.runs.at(-1)?.input).toMatchObject({ start: 0, end: 8, uploadId: null })
    await chunks.succeed({ upload_id: "up1", offset: 8 })
    expect(stored).toEqual(["put up1"])
    expect(rowViewWith(actor.getSnapshot(), actor.getSnapshot().children.transfer?.getSnapshot())).toMatchObject({
      state: "sending",
      done: 8,
      percent: 40
    })
    await chunks.succeed({ upload_id: "up1", offset: 16 })
    await chunks.succeed({ upload_id: "up1", offset: 20, lab: created })
    expect(actor.getSnapshot().value).toBe("processing")
    expect(actor.getSnapshot().context.labId).toBe("l1")
    expect(stored).toEqual(["put up1", "remove up1"])
  })

  it("retry now, while the transfer waits out a lost connection, asks the server at once", async () => {
    const { actor, chunks, asked } = wholeUpload()
    actor.send({ type: "upload.start" })
    await chunks.succeed({ upload_id: "up1", offset: 8 })
    await chunks.fail(new NetworkError({ message: "offline" }))
    expect(actor.getSnapshot().children.transfer?.getSnapshot().value).toBe("waiting")
    actor.send({ type: "upload.retry" })
    expect(asked.runs.map((run) => run.input)).toEqual(["up1"])
  })

  it("a refused upload is not retried: not allowed here", async () => {
    const { actor, chunks } = wholeUpload()
    actor.send({ type: "upload.start" })
    await chunks.fail(new Forbidden({ message: "" }))
    expect(actor.getSnapshot().value).toBe("failed")
    expect(englishOf(actor.getSnapshot().context.failure)).toBe("You are not allowed to upload in this laboratory")
    actor.send({ type: "upload.retry" })
    expect(actor.getSnapshot().value).toBe("failed")
    expect(chunks.runs).toHaveLength(1)
  })

  it("an upload restored after a reload first asks the server's offset", async () => {
    const { actor, chunks, asked } = wholeUpload({ uploadId: "up1", offset: 8 })
    actor.send({ type: "upload.start" })
    expect(asked.runs.map((run) => run.input)).toEqual(["up1"])
    expect(chunks.runs).toEqual([])
  })

  it("cancelling stops the transfer, which aborts the chunk on its way", async () => {
    let aborted = false
    const hanging = fromPromise<ChunkReceipt, ChunkToSend>(
      ({ signal }) => new Promise(() => signal.addEventListener("abort", () => (aborted = true)))
    )
    const run = drive(uploadMachine, [], {
      input: { ...input, parent: null },
      provide: { actors: { ...silentStore, transfer: transferMachine.provide({ actors: { sendChunk: hanging } }) } }
    })
    await run.send({ type: "upload.start" })
    expect(aborted).toBe(false)
    await run.send({ type: "upload.cancel" })
    expect(run.actor.getSnapshot().value).toBe("cancelled")
    expect(aborted).toBe(true)
  })

  it("a silent machine stand-in is enough for the parent's tests", () => {
    // The queue's model test spawns this instead of real uploads; it must accept any input.
    expect(createActor(createMachine({}), { input }).start().getSnapshot().status).toBe("active")
  })
})
