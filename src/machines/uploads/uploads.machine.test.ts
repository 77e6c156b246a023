import { setup } from "xstate"
import { describe, expect, it } from "vitest"
import type { RestoredUploads } from "../../effects/uploads/restore.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import type { UploadPhase } from "./upload.machine.ts"
import type { uploadMachine } from "./upload.machine.ts"
import { type UploadsEmitted, type UploadsEvent, uploadsMachine } from "./uploads.machine.ts"

const folder = { id: "f1", name: "Slides" }
const liver = new File(["liver"], "liver.tif", { lastModified: 1 })
const kidney = new File(["kidney"], "kidney.svs", { lastModified: 2 })
const restored: RestoredUploads = {
  resumable: [
    {
      pending: {
        upload_id: "up9",
        user_id: "u1",
        lab_id: null,
        folder_name: "My labs",
        filename: "colon.tif",
        size: 5,
        last_modified: 3,
        file: new Blob(["colon"])
      },
      offset: 2
    }
  ],
  forgotten: ["old.tif"]
}

/** Every event the children sent (to check what the queue started), by child id. */
const received: Array<string> = []
const child = setup({ types: { input: {} as unknown, context: {} as { readonly input: unknown } } }).createMachine({
  context: ({ input }) => ({ input }),
  on: { "*": { actions: ({ event, self }) => void received.push(`${self.id} ${event.type}`) } }
}) as unknown as typeof uploadMachine

const phase = (key: string, value: UploadPhase) => ({ type: "upload.phase", key, phase: value }) as const
const phases = (uploads: ReadonlyArray<{ readonly phase: string }>) => uploads.map((entry) => entry.phase)

// One file at a time, so two files show the queue.
const input = { userId: "u1", realtime: null, concurrency: 1 }

const model = modelFor({
  machine: uploadsMachine,
  promiseActors: ["restore"],
  provide: { actors: { upload: child } },
  input,
  events: [
    { type: "xstate.done.actor.restore", output: restored },
    { type: "xstate.done.actor.restore", output: { resumable: [], forgotten: [] } },
    { type: "xstate.error.actor.restore", error: serverDown },
    { type: "uploads.add", files: [liver, kidney], folder },
    phase("upload-1", "queued"),
    phase("upload-2", "queued"),
    phase("upload-1", "processing"),
    phase("upload-1", "ready"),
    phase("upload-2", "failed"),
    { type: "uploads.cancel", key: "upload-2" },
    { type: "uploads.retry", key: "upload-2" },
    { type: "uploads.online" },
    { type: "uploads.toggle" },
    { type: "uploads.close" },
    { type: "upload.began", key: "upload-1", folderId: "f1" },
    { type: "upload.transferred", key: "upload-1", folderId: "f1", labId: "l1" },
    { type: "upload.settled", key: "upload-1", folderId: "f1", change: { lab_id: "l1", status: "ready" } }
  ] as unknown as ReadonlyArray<UploadsEvent>,
  // A second batch of files would only repeat the first.
  stopWhen: (snapshot) => snapshot.context.uploads.length > 2,
  // The phases decide whether the queue starts the next file and whether the panel may close.
  distinguish: ({ value, context }) => {
    const all = phases(context.uploads)
    const finished = all.filter((p) => p === "ready" || p === "failed" || p === "cancelled").length
    return { value, finished: finished === all.length, waiting: all.filter((p) => p === "new" || p === "queued").length }
  },
  states: {
    restore: (actual) => {
      // The queue never sends more files at once than it may.
      expect(phases(actual.context.uploads).filter((p) => p === "uploading").length).toBeLessThanOrEqual(1)
    },
    "restore.restoring": (_, calls) => expect(calls.at(0)).toEqual({ src: "restore", input: "u1" }),
    "panel.hidden": (actual) => expect(phases(actual.context.uploads).every((p) => p === "new")).toBe(true),
    "panel.shown": (actual) => expect(actual.context.uploads.length).toBeGreaterThan(0),
    "panel.shown.expanded": (actual) => expect(actual.hasTag("expanded")).toBe(true),
    "panel.shown.collapsed": (actual) => expect(actual.hasTag("expanded")).toBe(false)
  }
})

describe("uploads model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 60_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

const started = () => drive(uploadsMachine, ["restore"], { input, provide: { actors: { upload: child } } })

const heard = (run: ReturnType<typeof started>) => {
  const events: Array<UploadsEmitted> = []
  run.actor.on("*", (event) => void events.push(event as UploadsEmitted))
  return events
}

describe("uploads scenarios", () => {
  it("queues files and starts the next one when a slot frees", async () => {
    received.length = 0
    const run = started()
    await run.send({ type: "uploads.add", files: [liver, kidney], folder })
    expect(run.actor.getSnapshot().context.uploads.map((entry) => [entry.key, entry.filename, entry.folder])).toEqual([
      ["upload-1", "liver.tif", folder],
      ["upload-2", "kidney.svs", folder]
    ])
    await run.send(phase("upload-1", "queued"))
    await run.send(phase("upload-2", "queued"))
    expect(received).toEqual(["upload-1 upload.start"])
    expect(phases(run.actor.getSnapshot().context.uploads)).toEqual(["uploading", "queued"])
    await run.send(phase("upload-1", "processing"))
    expect(received).toEqual(["upload-1 upload.start", "upload-2 upload.start"])
  })

  it("the panel appears expanded, collapses and expands, and closes only when every upload has finished", async () => {
    const run = started()
    await run.send({ type: "uploads.add", files: [liver], folder })
    expect(run.actor.getSnapshot().matches({ panel: "hidden" })).toBe(true)
    await run.send(phase("upload-1", "queued"))
    expect(run.actor.getSnapshot().matches({ panel: { shown: "expanded" } })).toBe(true)
    await run.send({ type: "uploads.toggle" })
    expect(run.actor.getSnapshot().matches({ panel: { shown: "collapsed" } })).toBe(true)
    await run.send({ type: "uploads.toggle" })
    expect(run.actor.getSnapshot().matches({ panel: { shown: "expanded" } })).toBe(true)
    await run.send({ type: "uploads.close" })
    expect(run.actor.getSnapshot().matches({ panel: "shown" })).toBe(true)
    await run.send(phase("upload-1", "ready"))
    await run.send({ type: "uploads.close" })
    expect(run.actor.getSnapshot().matches({ panel: "hidden" })).toBe(true)
    expect(run.actor.getSnapshot().context.uploads).toEqual([])
  })

  it("resumes what the last page left unfinished, and names what the server forgot", async () => {
    const run = started()
    const events = heard(run)
    await run.succeed("restore", restored)
    const entries = run.actor.getSnapshot().context.uploads
    expect(entries.map((entry) => [entry.filename, entry.folder])).toEqual([["colon.tif", { id: null, name: "My labs" }]])
    expect(entries.map((entry) => (entry.ref.getSnapshot().context as unknown as { input: unknown }).input)[0]).toMatchObject({
      uploadId: "up9",
      offset: 2,
      userId: "u1"
    })
    expect(events).toEqual([{ type: "uploads.forgotten", names: ["old.tif"] }])
  })

  it("tells the lists what changed: a folder's content, a slide's status", async () => {
    const run = started()
    const events = heard(run)
    await run.send({ type: "upload.began", key: "upload-1", folderId: "f1" })
    await run.send({
      type: "upload.settled",
      key: "upload-1",
      folderId: null,
      change: { lab_id: "l1", status: "ready", thumbnail: "/t.jpg" }
    })
    expect(events).toEqual([
      { type: "uploads.listChanged", folderId: "f1" },
      { type: "uploads.labStatus", folderId: null, change: { lab_id: "l1", status: "ready", thumbnail: "/t.jpg" } }
    ])
  })

  it("cancel and retry reach the upload they name; coming back online nudges the ones sending", async () => {
    received.length = 0
    const run = started()
    await run.send({ type: "uploads.add", files: [liver, kidney], folder })
    await run.send(phase("upload-1", "queued"))
    await run.send({ type: "uploads.cancel", key: "upload-2" })
    await run.send({ type: "uploads.retry", key: "upload-1" })
    await run.send({ type: "uploads.online" })
    expect(received).toEqual(["upload-1 upload.start", "upload-2 upload.cancel", "upload-1 upload.retry", "upload-1 upload.retry"])
  })
})
