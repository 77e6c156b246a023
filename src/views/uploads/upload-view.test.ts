import { type AnyActorRef, createActor, type EventObject, fromCallback, fromPromise } from "xstate"
import { describe, expect, it } from "vitest"
import type { ChunkReceipt } from "../../contract/slides.ts"
import { PayloadTooLarge } from "../../effects/ApiError.ts"
import type { ChunkToSend } from "../../effects/uploads/Uploader.ts"
import { transferMachine } from "../../machines/uploads/transfer.machine.ts"
import { uploadMachine } from "../../machines/uploads/upload.machine.ts"
import { type RowView, rowViewOf, summaryOf } from "./upload-view.ts"

const never = fromPromise<ChunkReceipt, ChunkToSend>(() => new Promise(() => undefined))
const failing = fromPromise<ChunkReceipt, ChunkToSend>(() => Promise.reject(new PayloadTooLarge({ message: "" })))

const silentStore = fromCallback<EventObject, AnyActorRef>(() => undefined)
const actorFor = (sendChunk = never) =>
  createActor(
    uploadMachine.provide({
      actors: { transfer: transferMachine.provide({ actors: { sendChunk } }), store: silentStore }
    }),
    {
      input: {
        key: "upload-1",
        file: new File(["0123456789"], "liver.tif"),
        filename: "liver.tif",
        folder: { id: "f1", name: "Slides" },
        userId: "u1",
        parent: null,
        realtime: null,
        chunkBytes: 4
      }
    }
  ).start()

const row = (state: RowView["state"], done: number, total: number): RowView => ({
  state,
  filename: "x.tif",
  folderName: "Slides",
  done,
  total,
  percent: 0,
  failure: null,
  canCancel: false,
  canRetry: false,
  labId: null,
  thumbnail: null
})

describe("a row of the panel", () => {
  it("counts the chunk on its way in the bytes and the percent", () => {
    const actor = actorFor()
    expect(rowViewOf(actor.getSnapshot())).toMatchObject({ state: "queued", done: 0, total: 10, percent: 0, canCancel: true })
    actor.send({ type: "upload.start" })
    actor.getSnapshot().children.transfer?.send({ type: "transfer.progress", sent: 3 })
    expect(rowViewOf(actor.getSnapshot())).toMatchObject({ state: "sending", done: 3, percent: 30, folderName: "Slides" })
  })

  it("a failure carries its message and whether a retry may help", async () => {
    const actor = actorFor(failing)
    actor.send({ type: "upload.start" })
    await new Promise((r) => setTimeout(r, 0))
    expect(rowViewOf(actor.getSnapshot())).toMatchObject({
      state: "failed",
      failure: { key: "errors.storageFull" },
      canRetry: true,
      canCancel: false
    })
  })
})

describe("the panel's heading", () => {
  it("while uploading: the files on their way and the bytes of all but the abandoned", () => {
    expect(summaryOf([row("sending", 25, 100), row("queued", 0, 100), row("ready", 200, 200), row("failed", 10, 1000)])).toEqual({
      kind: "uploading",
      count: 2,
      percent: 56
    })
  })

  it("says so when every file on its way waits for the connection", () => {
    expect(summaryOf([row("waiting", 50, 100), row("resyncing", 0, 100), row("ready", 50, 50)])).toEqual({
      kind: "waiting",
      count: 2,
      percent: 40
    })
    expect(summaryOf([row("waiting", 50, 100), row("sending", 0, 100)]).kind).toBe("uploading")
  })

  it("then the slides being built, then the tally", () => {
    expect(summaryOf([row("processing", 10, 10), row("ready", 10, 10)])).toEqual({ kind: "processing", count: 1 })
    expect(summaryOf([row("ready", 10, 10), row("failed", 0, 10), row("cancelled", 0, 10)])).toEqual({
      kind: "complete",
      count: 2,
      done: 1
    })
  })
})
