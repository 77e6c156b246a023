// Deleting a slide forever frees its disk: after the purge commits, its built pyramid and
// thumbnails (DATA_DIR/slides/<key>) and its stored original go, as its storage does.
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person } from "./support/labs-api.ts"
import { smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

describe("purge", () => {
  it("removes the slide directory and the original of purged labs, whole folders too", async () => {
    const ada = await person(server, "Ada")
    const c = client(server)
    const folder = await createFolder(server, ada, "Doomed")
    const inFolder = (await uploadWhole(server, ada, folder.id, "a.png", await smallImage("png", 120, 90))).body.data.lab
    const alone = (await uploadWhole(server, ada, "root", "b.png", await smallImage("png", 90, 120))).body.data.lab
    const built = []
    for (const lab of [inFolder, alone]) built.push(await waitForStatus(server, ada, lab.id, ["ready"]))
    const dirs = built.map((lab) => join(server.config.dataDir, "slides", lab.tile_source.split("/")[5]))
    for (const dir of dirs) expect(existsSync(dir)).toBe(true)
    expect(readdirSync(join(server.config.dataDir, "blobs"))).toHaveLength(2)

    await c.del(`/v2/labs/${folder.id}/`, undefined, { token: ada.access })
    // In the trash, nothing is freed yet.
    expect(existsSync(dirs[0]!)).toBe(true)
    expect((await c.del(`/v2/labs/trash/${folder.id}/`, undefined, { token: ada.access })).status).toBe(200)
    expect(existsSync(dirs[0]!)).toBe(false)
    expect(existsSync(dirs[1]!)).toBe(true)

    await c.del(`/v2/labs/${alone.id}/`, undefined, { token: ada.access })
    expect((await c.del("/v2/labs/trash/", undefined, { token: ada.access })).status).toBe(200)
    expect(existsSync(dirs[1]!)).toBe(false)
    expect(readdirSync(join(server.config.dataDir, "blobs"))).toEqual([])
    expect((await c.get("/v2/pricing/plan/storage/", { token: ada.access })).body.data.total_used).toBe(0)
  })
})
