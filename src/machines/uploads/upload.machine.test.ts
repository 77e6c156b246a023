import { createActor, createMachine, emit, type EventObject, fromCallback, fromPromise, setup } from "xstate"
import { describe, expect, it } from "vitest"
import { BadRequest, Forbidden, NetworkError, NotFound, PayloadTooLarge } from "../../effects/ApiError.ts"
import { pauseBefore } from "../../effects/uploads/backoff.ts"
import { OffsetMismatch } from "../../effects/uploads/errors.ts"
import type { ChunkToSend } from "../../effects/uploads/Uploader.ts"
import type { ChunkReceipt } from "../../contract/slides.ts"
import { STATUS_POLL_MS } from "../../effects/uploads/pollStatus.ts"
import type { RealtimeActor, RealtimeMessage } from "../realtime/realtime.machine.ts"
import { drive } from "../support/testing/drive.ts"
import { serverDown } from "../support/testing/fixtures.ts"
import { lab } from "../support/testing/labFixtures.ts"
import { modelFor } from "../support/testing/modelHarness.ts"
import { type StoreCommand, type UploadEvent, type UploadInput, type UploadReport, uploadMachine } from "./upload.machine.ts"

// 20 bytes in chunks of 8: three chunks, [0, 8), [8, 16), [16, 20).
const file = new File(["0123456789abcdefghij"], "liver.tif", { type: "image/tiff", lastModified: 1_700_000_000_000 })
const folder = { id: "f1", name: "Slides" }
const input: UploadInput = { key: "upload-1", file, filename: file.name, folder, userId: "u1", parent: null, realtime: null, chunkBytes: 8 }
const promiseActors = ["sendChunk", "askProgress", "pause", "poll"]
const silentFeed = fromCallback<EventObject, { readonly realtime: RealtimeActor | null; readonly labId: string | null }>(() => undefined)
/** The store of unfinished uploads, as a callback actor that hears the commands and does nothing. */
const noStore = { store: fromCallback<StoreCommand>(() => undefined) }
/**
 * The model walk runs the statechart without its invoked actors, so nothing may be sent to the store
 * there; the scenarios below check what the store is told.
 */
const storeUnheard = { remember: () => undefined, forget: () => undefined }

const created = lab("l1", "liver.tif", { is_dir: false, parent: "f1", status: "processing", size: 20 })
const receipt = (offset: number, more: object = {}) => ({ upload_id: "up1", offset, ...more })
const progress = (offset: number) => ({ upload_id: "up1", offset, total: 20, filename: "liver.tif", lab_id: "f1" })
const status = (value: string, more: object = {}) => ({ lab_id: "l1", status: value, thumbnail: null, thumbnail_url: null, ...more })
const thumbnails = {
  thumbnail: "/v2/media/slides/l1/k/slide_thumb_77x77.jpg",
  thumbnail_url: "/v2/media/slides/l1/k/slide_thumb_312x281.jpg"
}
const offline = new NetworkError({ message: "the connection failed" })
const forgotten = new NotFound({ message: "Upload not found." })

const last = (calls: ReadonlyArray<{ src: string; input: unknown }>, src: string) => calls.filter((call) => call.src === src).at(-1)?.input

const model = modelFor({
  machine: uploadMachine,
  promiseActors,
  provide: { actors: { statusFeed: silentFeed, ...noStore }, actions: storeUnheard },
  input,
  events: [
    { type: "upload.start" },
    { type: "upload.cancel" },
    { type: "upload.retry" },
    { type: "upload.progress", sent: 5 },
    { type: "upload.status", ...status("processing") },
    { type: "upload.status", lab_id: "l1", status: "ready", ...thumbnails },
    { type: "upload.status", lab_id: "l1", status: "failed" },
    { type: "xstate.done.actor.sendChunk", output: receipt(8) },
    { type: "xstate.done.actor.sendChunk", output: receipt(16) },
    { type: "xstate.done.actor.sendChunk", output: receipt(20, { lab: created }) },
    { type: "xstate.error.actor.sendChunk", error: new OffsetMismatch({ offset: 16 }) },
    { type: "xstate.error.actor.sendChunk", error: new OffsetMismatch({ offset: 20 }) },
    { type: "xstate.error.actor.sendChunk", error: offline },
    { type: "xstate.error.actor.sendChunk", error: new Forbidden({ message: "You are not allowed to upload in this laboratory" }) },
    { type: "xstate.error.actor.sendChunk", error: new PayloadTooLarge({ message: "Upload failed, storage full!" }) },
    {
      type: "xstate.error.actor.sendChunk",
      error: new BadRequest({ fields: {}, message: "File Upload Failed. Make sure the file format you choose is appropriate" })
    },
    { type: "xstate.error.actor.sendChunk", error: forgotten },
    { type: "xstate.done.actor.askProgress", output: progress(8) },
    { type: "xstate.done.actor.askProgress", output: progress(20) },
    { type: "xstate.error.actor.askProgress", error: offline },
    { type: "xstate.error.actor.askProgress", error: forgotten },
    { type: "xstate.error.actor.askProgress", error: serverDown },
    { type: "xstate.error.actor.askProgress", error: new Forbidden({ message: "" }) },
    { type: "xstate.done.actor.pause", output: undefined },
    { type: "xstate.done.actor.poll", output: status("processing") },
    { type: "xstate.done.actor.poll", output: status("ready", thumbnails) },
    { type: "xstate.done.actor.poll", output: status("failed") },
    { type: "xstate.error.actor.poll", error: offline },
    { type: "xstate.error.actor.poll", error: forgotten }
  ] as unknown as ReadonlyArray<UploadEvent>,
  // What tells two moments of an upload apart for its guards: where it is in the file, whether the
  // server holds it, whether a retry may help. The bytes of a chunk in flight, the exact count of
  // failed attempts (beyond "some") and the wording of a failure do not change what can happen next.
  distinguish: ({ value, context }) => ({
    value,
    uploadId: context.uploadId !== null,
    offset: context.offset,
    labId: context.labId !== null,
    status: context.status,
    failed: context.failure !== null,
    retryable: context.retryable,
    attempts: Math.min(context.attempts, 2)
  }),
  states: {
    queued: (actual, _, { via, before }) => {
      expect(actual.context.failure).toBeNull()
      // Only a failure that a retry may help is queued again.
      if (via === "upload.retry") expect(before?.context.retryable).toBe(true)
    },
    "uploading.sending": (actual, calls, { via, event }) => {
      const { offset, uploadId } = actual.context
      // After asking the server, the next chunk starts where it says (the last byte again when it has all).
      if (via === "xstate.done.actor.askProgress")
        expect(offset).toBe(Math.min((event as unknown as { output: { offset: number } }).output.offset, 19))
      expect(last(calls, "sendChunk")).toMatchObject({
        start: offset,
        end: Math.min(20, offset + 8),
        uploadId,
        folderId: "f1",
        filename: "liver.tif"
      })
    },
    "uploading.waiting": (actual, calls) => {
      expect(actual.context.attempts).toBeGreaterThan(0)
      expect(last(calls, "pause")).toBe(pauseBefore(actual.context.attempts))
    },
    "uploading.resyncing": (actual, calls) => expect(last(calls, "askProgress")).toBe(actual.context.uploadId),
    "processing.polling": (actual, calls) => {
      expect(actual.context.offset).toBe(20)
      expect(last(calls, "poll")).toEqual({ labId: "l1", afterMs: STATUS_POLL_MS })
    },
    ready: (actual) => {
      expect(actual.context.status).toBe("ready")
      expect(actual.context.thumbnailUrl).toBe(thumbnails.thumbnail_url)
    },
    failed: (actual) => expect(actual.context.failure).not.toBeNull(),
    cancelled: (actual) => expect(actual.hasTag("done")).toBe(true)
  }
})

// The refusal of what is plainly not a slide depends on the file, which the input fixes: a second
// model starts from a PDF, and the two together must cover the machine.
const pdf = new File(["%PDF-1.7"], "report.pdf", { type: "application/pdf" })
const refusedModel = modelFor({
  machine: uploadMachine,
  promiseActors,
  provide: { actors: { statusFeed: silentFeed, ...noStore }, actions: storeUnheard },
  input: { ...input, file: pdf, filename: pdf.name },
  events: [{ type: "upload.start" }, { type: "upload.retry" }, { type: "upload.cancel" }],
  states: { failed: (actual) => expect(actual.context.failure).toEqual({ key: "errors.uploadFormat" }) }
})

describe("upload model", () => {
  it.each([...model.paths, ...refusedModel.paths].map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths of both models cover every state and every transition", { timeout: 60_000 }, async () => {
    const [image, refused] = [await model.coverage(), await refusedModel.coverage()]
    expect({
      missingStates: image.missingStates.filter((state) => refused.missingStates.includes(state)),
      missingTransitions: image.missingTransitions.filter((transition) => refused.missingTransitions.includes(transition)),
      uncheckedStates: image.uncheckedStates
    }).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

/** A parent that only records what it hears. */
const listener = () => {
  const heard: Array<UploadReport> = []
  const actor = createActor(fromCallback(({ receive }) => receive((event) => void heard.push(event as UploadReport)))).start()
  return { actor, heard }
}

/** A stand-in for the realtime actor: ignores watch requests, emits what the test pushes. */
const fakeRealtime = () => {
  const watched: Array<string> = []
  const machine = setup({
    types: { events: {} as { type: string; channel?: string; message?: RealtimeMessage }, emitted: {} as RealtimeMessage }
  }).createMachine({
    on: {
      "realtime.watch": { actions: ({ event }) => void watched.push(event.channel ?? "") },
      "realtime.unwatch": { actions: ({ event }) => void watched.splice(watched.indexOf(event.channel ?? ""), 1) },
      push: { actions: emit(({ event }) => event.message as RealtimeMessage) }
    }
  })
  const actor = createActor(machine).start()
  return { actor: actor as unknown as RealtimeActor, push: (message: RealtimeMessage) => actor.send({ type: "push", message }), watched }
}

const stored: Array<string> = []
const recordingStore = {
  store: fromCallback<StoreCommand>(({ receive }) =>
    receive(
      (command) => void stored.push(command.type === "store.remember" ? `put ${command.upload.upload_id}` : `remove ${command.uploadId}`)
    )
  )
}

describe("upload scenarios", () => {
  it("sends the file in chunks from the server's offsets, remembers it after the first, and is ready on the realtime message", async () => {
    stored.length = 0
    const parent = listener()
    const realtime = fakeRealtime()
    const run = drive(uploadMachine, promiseActors, {
      input: { ...input, parent: parent.actor, realtime: realtime.actor },
      provide: { actors: recordingStore }
    })
    expect(run.actor.getSnapshot().value).toBe("queued")
    await run.send({ type: "upload.start" })
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 0, end: 8, uploadId: null })
    await run.succeed("sendChunk", receipt(8))
    expect(stored).toEqual(["put up1"])
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 8, end: 16, uploadId: "up1" })
    await run.succeed("sendChunk", receipt(16))
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 16, end: 20 })
    await run.succeed("sendChunk", receipt(20, { lab: created }))
    expect(run.actor.getSnapshot().matches("processing")).toBe(true)
    expect(stored).toEqual(["put up1", "remove up1"])
    expect(realtime.watched).toEqual(["private-mylab_l1"])
    realtime.push({
      type: "realtime.message",
      channel: "private-mylab_l1",
      event: "status_upload_l1",
      data: { lab_id: "l1", status: "ready", ...thumbnails }
    })
    await new Promise((r) => setTimeout(r, 0))
    expect(run.actor.getSnapshot().value).toBe("ready")
    expect(realtime.watched).toEqual([])
    expect(parent.heard).toEqual([
      { type: "upload.phase", key: "upload-1", phase: "queued" },
      { type: "upload.phase", key: "upload-1", phase: "uploading" },
      { type: "upload.began", key: "upload-1", folderId: "f1" },
      { type: "upload.transferred", key: "upload-1", folderId: "f1", labId: "l1" },
      { type: "upload.phase", key: "upload-1", phase: "processing" },
      { type: "upload.phase", key: "upload-1", phase: "ready" },
      { type: "upload.settled", key: "upload-1", folderId: "f1", change: { lab_id: "l1", status: "ready", ...thumbnails } }
    ])
  })

  it("waits out a dropped connection, asks the server where it is, and continues from there", async () => {
    const run = drive(uploadMachine, promiseActors, { input, provide: { actors: noStore } })
    await run.send({ type: "upload.start" })
    await run.succeed("sendChunk", receipt(8))
    await run.fail("sendChunk", offline)
    expect(run.actor.getSnapshot().hasTag("retrying")).toBe(true)
    expect(run.lastInput("pause")).toBe(1000)
    await run.succeed("pause", undefined)
    expect(run.lastInput("askProgress")).toBe("up1")
    await run.fail("askProgress", offline)
    expect(run.lastInput("pause")).toBe(2000)
    await run.send({ type: "upload.retry" })
    // The server got the second chunk before the connection dropped: only the third is sent.
    await run.succeed("askProgress", progress(16))
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 16, end: 20, uploadId: "up1" })
  })

  it("when the last answer was lost, sends the last byte again to hear of the new lab", async () => {
    const run = drive(uploadMachine, promiseActors, { input, provide: { actors: noStore } })
    await run.send({ type: "upload.start" })
    await run.succeed("sendChunk", receipt(8))
    await run.succeed("sendChunk", receipt(16))
    await run.fail("sendChunk", offline)
    await run.succeed("pause", undefined)
    await run.succeed("askProgress", progress(20))
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 19, end: 20, uploadId: "up1" })
    await run.succeed("sendChunk", receipt(20, { lab: created }))
    expect(run.actor.getSnapshot().matches("processing")).toBe(true)
    expect(run.actor.getSnapshot().context.labId).toBe("l1")
  })

  it("cancelling aborts the chunk on its way", async () => {
    let aborted = false
    const hanging = fromPromise<ChunkReceipt, ChunkToSend>(
      ({ signal }) => new Promise(() => signal.addEventListener("abort", () => (aborted = true)))
    )
    const run = drive(uploadMachine, [], { input, provide: { actors: { sendChunk: hanging, ...noStore } } })
    await run.send({ type: "upload.start" })
    expect(aborted).toBe(false)
    await run.send({ type: "upload.cancel" })
    expect(run.actor.getSnapshot().value).toBe("cancelled")
    expect(aborted).toBe(true)
  })

  it("an upload restored after a reload first asks the server's offset", async () => {
    const run = drive(uploadMachine, promiseActors, { input: { ...input, uploadId: "up1", offset: 8 }, provide: { actors: noStore } })
    await run.send({ type: "upload.start" })
    expect(run.lastInput("askProgress")).toBe("up1")
    expect(run.isRunning("sendChunk")).toBe(false)
  })

  it("refuses what is plainly not a slide image without a request", async () => {
    const run = drive(uploadMachine, promiseActors, { input: { ...input, file: pdf, filename: pdf.name }, provide: { actors: noStore } })
    expect(run.actor.getSnapshot().value).toBe("failed")
    expect(run.actor.getSnapshot().context.failure).toEqual({ key: "errors.uploadFormat" })
    expect(run.invocations).toEqual([])
  })

  it("shows the spec's messages: not allowed here, storage full, wrong format", async () => {
    const cases = [
      [new Forbidden({ message: "" }), { key: "uploads.errors.forbidden" }, false],
      [new PayloadTooLarge({ message: "" }), { key: "errors.storageFull" }, true],
      [new BadRequest({ fields: {} }), { key: "errors.uploadFormat" }, false]
    ] as const
    for (const [error, notice, retryable] of cases) {
      const run = drive(uploadMachine, promiseActors, { input, provide: { actors: noStore } })
      await run.send({ type: "upload.start" })
      await run.fail("sendChunk", error)
      expect(run.actor.getSnapshot().context.failure).toEqual(notice)
      await run.send({ type: "upload.retry" })
      expect(run.actor.getSnapshot().value).toBe(retryable ? "queued" : "failed")
    }
  })

  it("an upload the server forgot starts again from the first byte on retry", async () => {
    const run = drive(uploadMachine, promiseActors, { input, provide: { actors: noStore } })
    await run.send({ type: "upload.start" })
    await run.succeed("sendChunk", receipt(8))
    await run.fail("sendChunk", forgotten)
    expect(run.actor.getSnapshot().context.failure).toEqual({ key: "uploads.errors.forgotten" })
    await run.send({ type: "upload.retry" })
    await run.send({ type: "upload.start" })
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 0, end: 8, uploadId: null })
  })

  it("gives a server that keeps failing six tries, then shows its error", async () => {
    const run = drive(uploadMachine, promiseActors, { input, provide: { actors: noStore } })
    await run.send({ type: "upload.start" })
    for (let attempt = 1; attempt < 6; attempt++) {
      await run.fail("sendChunk", serverDown)
      expect(run.actor.getSnapshot().hasTag("retrying")).toBe(true)
      await run.succeed("pause", undefined)
    }
    await run.fail("sendChunk", serverDown)
    expect(run.actor.getSnapshot().value).toBe("failed")
    expect(run.actor.getSnapshot().context.failure).toEqual({ key: "errors.serverError" })
  })

  it("a silent machine stand-in is enough for the parent's tests", () => {
    // The parent's model test spawns this instead of real uploads; it must accept any input.
    expect(createActor(createMachine({}), { input }).start().getSnapshot().status).toBe("active")
  })
})
