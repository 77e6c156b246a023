// A ready slide in a folder of its own, for the tests where two people work on one slide: the folder
// is made through the API and the slide built by the real worker from a small dotted JPEG (2400 x
// 1600 pixels), or from the SVG a test draws when it needs a pattern it knows (the wand's rings and
// discs). A JPEG records no scale: `mpp` gives the slide one, as a scanner's file would.
import sharp from "sharp"
import { expect } from "vitest"
import { uploadWhole, waitForStatus } from "../../server/support/slides-api.ts"
import { api, type SignedIn } from "../../support/api.ts"
import type { StartedServer } from "../../support/start-server.ts"

export const sharedSlide = async (
  server: StartedServer,
  owner: SignedIn,
  {
    folder,
    file,
    dots,
    mpp,
    svg
  }: { readonly folder: string; readonly file: string; readonly dots: number; readonly mpp?: number; readonly svg?: string }
): Promise<{ readonly folderId: string; readonly slideId: string }> => {
  const made = await api(server).post("/v2/labs/", { name: folder, parent: null }, { token: owner.access })
  expect(made.status).toBe(201)
  const folderId: string = made.body.data.data.results[0].id
  const tissue = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="2400" height="1600" fill="#f3d5e4"/>${Array.from(
    { length: dots },
    (_, i) => `<circle cx="${(i * 977) % 2400}" cy="${(i * 571) % 1600}" r="${8 + (i % 12)}" fill="#5b2d8e"/>`
  ).join("")}</svg>`
  const jpeg = await sharp(Buffer.from(svg ?? tissue))
    .jpeg({ quality: 85 })
    .toBuffer()
  const reply = await uploadWhole(server, owner, folderId, file, jpeg)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const lab = await waitForStatus(server, owner, reply.body.data.lab.id, ["ready", "failed"], 90_000)
  expect(lab.status).toBe("ready")
  if (mpp !== undefined) await server.withDb((db) => db.updateTable("labs").set({ mpp }).where("id", "=", lab.id).execute())
  return { folderId, slideId: lab.id }
}
