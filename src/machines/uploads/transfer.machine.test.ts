import { createActor, fromCallback, fromPromise } from "xstate"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { ChunkReceipt } from "../../contract/slides.ts"
import { badRequest, Forbidden, NetworkError, NotFound, PayloadTooLarge } from "../../effects/ApiError.ts"
import { OffsetMismatch } from "../../effects/uploads/errors.ts"
import type { ChunkToSend } from "../../effects/uploads/Uploader.ts"
import { transferStateOf } from "../../views/uploads/upload-view.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { lab } from "../../testing/labFixtures.ts"
import { type Arrival, type Invocation, lastInput, modelFor } from "../../testing/modelHarness.ts"
import { englishOf } from "../../testing/words.ts"
import { bytesDone, type TransferEvent, type TransferInput, type TransferReport, transferMachine } from "./transfer.machine.ts"

// 20 bytes in chunks of 8: three chunks, [0, 8), [8, 16), [16, 20).
const file = new File(["0123456789abcdefghij"], "liver.tif", { type: "image/tiff" })
const SIZE = 20
const CHUNK = 8

/** The parent, as a recorder of what the transfer tells it. */
const heard: Array<TransferReport> = []
const parent = createActor(fromCallback(({ receive }) => receive((event) => void heard.push(event as TransferReport)))).start()

const input: TransferInput = {
  file,
  filename: file.name,
  folder: { id: "f1", name: "Slides" },
  parent,
  uploadId: null,
  offset: 0,
  chunkBytes: CHUNK
}
const promiseActors = ["sendChunk", "askProgress"]

const created = lab("l1", "liver.tif", { is_dir: false, parent: "f1", status: "processing", size: SIZE })
const receipt = (offset: number, more: object = {}) => ({ upload_id: "up1", offset, ...more })
const progress = (offset: number) => ({ upload_id: "up1", offset, total: SIZE, filename: "liver.tif", lab_id: "f1" })
const offline = new NetworkError({ message: "the connection failed" })
const forgotten = new NotFound({ message: "Upload not found." })
const forbidden = new Forbidden({ message: "You are not allowed to upload in this laboratory" })
const full = new PayloadTooLarge({ message: "Upload failed, storage full!" })
const wrongFormat = badRequest({}, "File Upload Failed. Make sure the file format you choose is appropriate")

const events = {
  retry: { type: "transfer.retry" },
  progress: { type: "transfer.progress", sent: 5 },
  "receipt 8": { type: "xstate.done.actor.sendChunk", output: receipt(8) },
  "receipt 16": { type: "xstate.done.actor.sendChunk", output: receipt(16) },
  "last receipt": { type: "xstate.done.actor.sendChunk", output: receipt(20, { lab: created }) },
  "server holds 16": { type: "xstate.error.actor.sendChunk", error: new OffsetMismatch({ offset: 16 }) },
  "server holds 20": { type: "xstate.error.actor.sendChunk", error: new OffsetMismatch({ offset: 20 }) },
  "send: offline": { type: "xstate.error.actor.sendChunk", error: offline },
  "send: 500": { type: "xstate.error.actor.sendChunk", error: serverDown },
  "send: 403": { type: "xstate.error.actor.sendChunk", error: forbidden },
  "send: 413": { type: "xstate.error.actor.sendChunk", error: full },
  "send: 400": { type: "xstate.error.actor.sendChunk", error: wrongFormat },
  "send: 404": { type: "xstate.error.actor.sendChunk", error: forgotten },
  "asked: 8": { type: "xstate.done.actor.askProgress", output: progress(8) },
  "asked: 20": { type: "xstate.done.actor.askProgress", output: progress(20) },
  "ask: offline": { type: "xstate.error.actor.askProgress", error: offline },
  "ask: 500": { type: "xstate.error.actor.askProgress", error: serverDown },
  "ask: 404": { type: "xstate.error.actor.askProgress", error: forgotten },
  "ask: 403": { type: "xstate.error.actor.askProgress", error: forbidden }
} as unknown as Record<string, TransferEvent>

/**
 * The rules of a refusal (spec: "Uploads: wrong format is an error. Users without upload permission
 * get 'You are not allowed to upload in this laboratory'", "Upload failed, storage full!"): what the
 * user reads, and whether trying again can help.
 */
const refusals: Record<string, { readonly says: string; readonly retryable: boolean }> = {
  "send: 403": { says: "You are not allowed to upload in this laboratory", retryable: false },
  "ask: 403": { says: "You are not allowed to upload in this laboratory", retryable: false },
  "send: 413": { says: "Upload failed, storage full!", retryable: true },
  "send: 400": { says: "File Upload Failed. Make sure the file format you choose is appropriate", retryable: false },
  // The server dropped the partial upload: trying again sends the file from its first byte.
  "send: 404": { says: "The server no longer holds this upload. Retry to send it again.", retryable: true },
  "ask: 404": { says: "The server no longer holds this upload. Retry to send it again.", retryable: true },
  // A server that keeps failing gets six tries in a row, then the user decides.
  "send: 500": { says: "Ouch! Something happened on our server Please try again later", retryable: true },
  "ask: 500": { says: "Ouch! Something happened on our server Please try again later", retryable: true }
}
/** Failures worth waiting out: no answer at all, or a server that is down (a few times). */
const transient = new Set(["send: offline", "ask: offline", "send: 500", "ask: 500"])
/** The pause before each try after failures in a row: 1 s, 2 s, 4 s, 8 s, then 10 s. */
const PAUSES = [1000, 2000, 4000, 8000, 10_000, 10_000]

type Snapshot = ReturnType<typeof transferMachine.transition>
type At = Arrival<typeof transferMachine>

/** What the parent heard in answer to the arrival's event. */
let heardBefore = 0
const newlyHeard = ({ via }: At) => {
  if (via === "start") heardBefore = heard.length
  const fresh = heard.slice(heardBefore)
  heardBefore = heard.length
  return fresh
}

/** Checks every state makes: where the bytes stand, and what the parent heard. */
const common = (actual: Snapshot, arrival: At) => {
  const { context } = actual
  const before = arrival.before?.context
  // The parent hears of the upload once, when the first receipt names it (unless that receipt ends
  // the transfer: the transfer's result tells it then).
  const firstReceipt = before !== undefined && before.uploadId === null && arrival.via.includes("receipt") && arrival.via !== "last receipt"
  expect(newlyHeard(arrival)).toEqual(firstReceipt ? [{ type: "transfer.began", uploadId: "up1" }] : [])
  // The server's receipt is the truth about the bytes it holds.
  if (arrival.via.includes("receipt")) {
    const output = (arrival.event as unknown as { output: ChunkReceipt }).output
    expect(context.uploadId).toBe(output.upload_id)
    expect(context.offset).toBe(output.offset)
  }
  expect(context.offset).toBeGreaterThanOrEqual(0)
  expect(context.offset).toBeLessThanOrEqual(SIZE)
  // A pause that ran out lasted as long as the failures in a row ask for.
  if (arrival.waited !== undefined) expect(arrival.waited).toBe(PAUSES[(before?.attempts ?? 0) - 1])
}

const notSending = (calls: ReadonlyArray<Invocation>, arrival: At) =>
  expect(calls.slice(arrival.callsBefore).filter((call) => call.src === "sendChunk")).toEqual([])

const states = {
  // Passed through at once: a resting transfer is never here.
  start: () => {
    throw new Error("the transfer rests in start")
  },
  sending: (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    common(actual, arrival)
    const { offset, uploadId } = actual.context
    // The server's word on where it is decides where the next chunk starts (the last byte again
    // when it holds them all: its receipt then names the new lab).
    if (arrival.via === "asked: 8") expect(offset).toBe(8)
    if (arrival.via === "asked: 20" || arrival.via === "server holds 20") expect(offset).toBe(SIZE - 1)
    if (arrival.via === "server holds 16") expect(offset).toBe(16)
    // One chunk at a time, from the server's offset, at most a chunk long, naming the upload once known.
    expect(lastInput(calls, "sendChunk")).toMatchObject({
      start: offset,
      end: Math.min(SIZE, offset + CHUNK),
      uploadId,
      folderId: "f1",
      filename: "liver.tif"
    })
    // A receipt resets the failures in a row.
    if (arrival.via.includes("receipt")) expect(actual.context.attempts).toBe(0)
    // The panel: sending, and the bytes include the part of the chunk on its way.
    expect(transferStateOf(actual)).toBe("sending")
    expect(bytesDone(actual.context)).toBe(Math.min(SIZE, offset + (arrival.via === "progress" ? 5 : 0)))
  },
  waiting: (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    common(actual, arrival)
    const { attempts } = actual.context
    // Only a failure worth waiting out pauses the upload; a refusal never does.
    if (arrival.via !== "progress") expect(transient).toContain(arrival.via)
    expect(attempts).toBeGreaterThan(0)
    expect(attempts).toBe(Math.min((arrival.before?.context.attempts ?? 0) + 1, 6))
    notSending(calls, arrival)
    expect(transferStateOf(actual)).toBe("waiting")
  },
  resyncing: (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    common(actual, arrival)
    // After a pause (or at once for an upload the server holds part of), the server is asked where it is.
    expect(arrival.via === "start" || arrival.via === "retry" || arrival.waited !== undefined).toBe(true)
    expect(lastInput(calls, "askProgress")).toBe(actual.context.uploadId)
    notSending(calls, arrival)
    expect(transferStateOf(actual)).toBe("resyncing")
  },
  transferred: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    common(actual, arrival)
    // Only the receipt of the last byte ends the transfer, and it names the new lab.
    expect(arrival.via).toBe("last receipt")
    expect(actual.status).toBe("done")
    expect(actual.output).toEqual({ outcome: "transferred", uploadId: "up1", labId: "l1" })
    expect(bytesDone(actual.context)).toBe(SIZE)
  },
  refused: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    common(actual, arrival)
    const rule = refusals[arrival.via]
    expect(rule, `refused after ${arrival.via}`).toBeDefined()
    // A failing server is refused only at its sixth failure in a row (or a later one: no answer at
    // all counts too, and is waited out whatever the count).
    if (transient.has(arrival.via)) expect(arrival.before?.context.attempts).toBeGreaterThanOrEqual(5)
    expect(arrival.via).not.toContain("offline")
    const output = actual.output
    expect(output?.outcome).toBe("refused")
    if (output?.outcome !== "refused") return
    expect(englishOf(output.failure)).toBe(rule?.says)
    expect(output.retryable).toBe(rule?.retryable)
    // A forgotten upload starts again from the first byte; anything else resumes where the server is.
    const lost = arrival.via.endsWith("404")
    expect(output.forgotten).toBe(lost)
    expect(output.uploadId).toBe(lost ? null : (arrival.before?.context.uploadId ?? null))
    expect(output.offset).toBe(lost ? 0 : (arrival.before?.context.offset ?? 0))
  }
}

// What tells two moments of a transfer apart for its guards: where it is in the file, whether the
// server holds it, and how many failures in a row (a failing server's sixth is refused).
const distinguish = ({ value, context }: Snapshot) => ({
  value,
  uploadId: context.uploadId !== null,
  offset: context.offset,
  attempts: context.attempts
})

const model = modelFor({
  machine: transferMachine,
  promiseActors,
  input,
  events,
  // Failures in a row are followed up to the sixth at the first two offsets (sending the first chunk,
  // asking after the first receipt); further along the file they would only repeat that.
  stopWhen: ({ context }) => context.attempts >= 2 && context.offset > CHUNK,
  distinguish,
  states
})

// An upload the server already holds part of (restored after a reload, or retried) asks first.
const resumedModel = modelFor({
  machine: transferMachine,
  promiseActors,
  input: { ...input, uploadId: "up1", offset: 8 },
  events,
  // What follows the first answer is the fresh model's.
  stopWhen: (snapshot) => !snapshot.matches("resyncing"),
  distinguish,
  states
})

describe("transfer model", () => {
  it.each([...model.paths, ...resumedModel.paths].map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths of both models cover every state and every transition", { timeout: 60_000 }, async () => {
    const [fresh, resumed] = [await model.coverage(), await resumedModel.coverage()]
    expect({
      missingStates: fresh.missingStates.filter((state) => resumed.missingStates.includes(state)),
      missingTransitions: fresh.missingTransitions.filter((transition) => resumed.missingTransitions.includes(transition)),
      uncheckedStates: fresh.uncheckedStates
    }).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("transfer scenarios", () => {
  afterEach(() => void vi.useRealTimers())

  it("waits out a dropped connection, asks the server where it is, and continues from there", async () => {
    const run = drive(transferMachine, promiseActors, { input: { ...input, parent: null } })
    await run.succeed("sendChunk", receipt(8))
    await run.fail("sendChunk", offline)
    expect(run.actor.getSnapshot().hasTag("retrying")).toBe(true)
    await run.wait(1000)
    expect(run.lastInput("askProgress")).toBe("up1")
    await run.fail("askProgress", offline)
    await run.send({ type: "transfer.retry" })
    // The server got the second chunk before the connection dropped: only the third is sent.
    await run.succeed("askProgress", progress(16))
    expect(run.lastInput("sendChunk")).toMatchObject({ start: 16, end: 20, uploadId: "up1" })
  })

  it("each pause ends after 1 s, 2 s, ...: time is the waiting state's", async () => {
    vi.useFakeTimers()
    const refusing = fromPromise<ChunkReceipt, ChunkToSend>(() => Promise.reject(offline))
    const actor = createActor(transferMachine.provide({ actors: { sendChunk: refusing } }), { input: { ...input, parent: null } }).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe("waiting")
    await vi.advanceTimersByTimeAsync(999)
    expect(actor.getSnapshot().value).toBe("waiting")
    // The second failure waits two seconds.
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.attempts).toBe(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(actor.getSnapshot().context.attempts).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.attempts).toBe(3)
    actor.stop()
  })

  it("gives a server that keeps failing six tries, then shows its error", async () => {
    const run = drive(transferMachine, promiseActors, { input: { ...input, parent: null } })
    for (let attempt = 1; attempt < 6; attempt++) {
      await run.fail("sendChunk", serverDown)
      expect(run.actor.getSnapshot().hasTag("retrying")).toBe(true)
      await run.wait(PAUSES[attempt - 1] ?? 0)
    }
    await run.fail("sendChunk", serverDown)
    expect(run.actor.getSnapshot().output).toMatchObject({ outcome: "refused", failure: { key: "errors.serverError" }, retryable: true })
  })

  it("stopping the transfer aborts the chunk on its way", async () => {
    let aborted = false
    const hanging = fromPromise<ChunkReceipt, ChunkToSend>(
      ({ signal }) => new Promise(() => signal.addEventListener("abort", () => (aborted = true)))
    )
    const actor = createActor(transferMachine.provide({ actors: { sendChunk: hanging } }), { input }).start()
    expect(aborted).toBe(false)
    actor.stop()
    expect(aborted).toBe(true)
  })
})
