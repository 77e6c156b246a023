// A collaborator watching a folder sees an upload live, without reloading: on the folder's channel
// (the one a folder view listens to) status_upload_{id} arrives uploading -> processing -> ready,
// the last with both thumbnails; a lab_changed tells the list to refresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel } from "../../src/contract/realtime.ts"
import { connectPusher, type PusherClient, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person, share } from "./support/labs-api.ts"
import { noiseTiff, uploadInChunks } from "./support/slides-api.ts"

let server: StartedServer
let watcher: PusherClient | undefined
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  watcher?.disconnect()
  await server.stop()
})

interface Heard {
  readonly event: string
  readonly data: { lab_id: string; status?: string; thumbnail?: string | null; thumbnail_url?: string | null }
}

describe("upload status, live", () => {
  it("reaches a second member on the folder's channel: uploading, processing, ready", async () => {
    const owner = await person(server, "Owner")
    const colleague = await person(server, "Colleague")
    const folder = await createFolder(server, owner, "Live")
    await share(server, owner, folder.id, colleague, "reviewer")

    watcher = connectPusher(server, colleague.access)
    const channel = watcher.subscribe(labChannel(folder.id))
    const heard: Heard[] = []
    channel.bind_global((event: string, data: Heard["data"]) => {
      if (!event.startsWith("pusher:")) heard.push({ event, data })
    })
    await subscribed(channel)

    const tiff = await noiseTiff(400, 300)
    const last = await uploadInChunks(server, owner, folder.id, "live.tif", tiff, 100_000)
    const labId: string = last.body.data.lab.id

    const deadline = Date.now() + 30_000
    const statuses = () => heard.filter((h) => h.event === `status_upload_${labId}`).map((h) => h.data.status)
    while (!statuses().includes("ready") && !statuses().includes("failed") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(statuses()).toEqual(["uploading", "processing", "ready"])
    const ready = heard.find((h) => h.event === `status_upload_${labId}` && h.data.status === "ready")!
    expect(ready.data).toMatchObject({
      lab_id: labId,
      thumbnail: expect.stringMatching(/slide_thumb_77x77\.jpg$/),
      thumbnail_url: expect.stringMatching(/slide_thumb_312x281\.jpg$/)
    })
    expect(heard.some((h) => h.event === `lab_changed_${folder.id}`)).toBe(true)
  })
})
