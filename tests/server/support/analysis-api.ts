// Shortcuts for the analysis tests: a user on a paid plan (bought and accepted by staff over HTTP, as
// a real one is), a ready slide of planted nuclei with a known answer, and waiting for a job's end.
import { paintWall, type PlantedWall } from "../../support/planted-wall.ts"
import { paintMouth, type PlantedMouth } from "../../support/planted-teeth.ts"
import { paintSlice, type PlantedSlice, plantedAreas } from "../../support/planted-infarct.ts"
import sharp from "sharp"
import { expect } from "vitest"
import { api, createSignedIn, type SignedIn } from "../../support/api.ts"
import type { RgbTile } from "../../../server/ai/raster.ts"
import { plantComets } from "../../support/planted-comets.ts"
import { plantEggs } from "../../support/planted-eggs.ts"
import { plantNuclei, positiveShare } from "../../support/planted-nuclei.ts"
import type { StartedServer } from "../../support/start-server.ts"
import { makeStaff, waitingInvoice } from "./billing-api.ts"
import { person } from "./labs-api.ts"
import { uploadWhole, waitForStatus } from "./slides-api.ts"

export const paidUser = async (server: StartedServer, name: string, plan = "basic"): Promise<SignedIn> => {
  const user = await person(server, name)
  const staff = await createSignedIn(server, { name: `${name}'s staff` })
  await makeStaff(server, staff)
  const invoice = await waitingInvoice(server, user, plan)
  const accepted = await api(server).post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, { token: staff.access })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return user
}

/** A generated image uploaded as PNG, its pyramid built by the server: the slide's id once ready. */
const uploadedSlide = async (server: StartedServer, owner: SignedIn, name: string, tile: RgbTile) => {
  const png = await sharp(Buffer.from(tile.data), { raw: { width: tile.width, height: tile.height, channels: 3 } })
    .png()
    .toBuffer()
  const reply = await uploadWhole(server, owner, "root", name, new Uint8Array(png))
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const labId = reply.body.data.lab.id as string
  await waitForStatus(server, owner, labId, ["ready"])
  return labId
}

/** Microns per pixel the planted slide is given: nuclei of 10 px radius are 78.5 µm². */
export const PLANTED_MPP = 0.5

/** A ready slide (uploaded as PNG, its pyramid built by the server) of planted nuclei, and the truth. */
export const plantedSlide = async (
  server: StartedServer,
  owner: SignedIn,
  options: { width?: number; height?: number; seed?: number } = {}
) => {
  const { tile, nuclei } = plantNuclei({
    width: options.width ?? 1200,
    height: options.height ?? 900,
    radius: 10,
    positiveFraction: 0.3,
    touchingPairs: 12,
    seed: options.seed ?? 21
  })
  const labId = await uploadedSlide(server, owner, "planted.png", tile)
  const calibrated = await api(server).put(`/v2/labs/${labId}/resolution/`, { mpp: PLANTED_MPP }, { token: owner.access })
  expect(calibrated.status, JSON.stringify(calibrated.body)).toBe(200)
  return { labId, nuclei, positive: positiveShare(nuclei) }
}

/** Microns per pixel of the planted stool image: eggs of 130–150 µm are as many pixels. */
export const EGG_MPP = 1

/** A ready slide of a stool sediment with planted Fasciola eggs, touching pairs and debris, and the truth. */
export const eggSlide = async (
  server: StartedServer,
  owner: SignedIn,
  options: { width?: number; height?: number; seed?: number; touchingPairs?: number; resolution?: boolean } = {}
) => {
  const { tile, eggs, debris, debrisAt } = plantEggs({
    width: options.width ?? 1680,
    height: options.height ?? 960,
    mpp: EGG_MPP,
    touchingPairs: options.touchingPairs ?? 2,
    seed: options.seed ?? 5
  })
  const labId = await uploadedSlide(server, owner, "stool.png", tile)
  if (options.resolution !== false) {
    const calibrated = await api(server).put(`/v2/labs/${labId}/resolution/`, { mpp: EGG_MPP }, { token: owner.access })
    expect(calibrated.status, JSON.stringify(calibrated.body)).toBe(200)
  }
  return { labId, eggs, debris, debrisAt }
}

/** A ready slide of a comet assay (fluorescence) with planted comets of known % DNA in tail; no resolution. */
export const cometSlide = async (
  server: StartedServer,
  owner: SignedIn,
  options: { width?: number; height?: number; seed?: number } = {}
) => {
  const { tile, comets } = plantComets({ width: options.width ?? 1200, height: options.height ?? 720, seed: options.seed ?? 3 })
  const labId = await uploadedSlide(server, owner, "comets.png", tile)
  return { labId, comets }
}

/** Microns per pixel of the planted TTC slice photograph: 3,000 px are 30 mm. */
export const SLICE_MPP = 10

/** A ready, calibrated slide of a TTC-stained slice drawn with known areas (tests/support/planted-infarct.ts). */
export const strokeSlide = async (server: StartedServer, owner: SignedIn, slice: PlantedSlice, options: { resolution?: boolean } = {}) => {
  const labId = await uploadedSlide(server, owner, "ttc-slice.png", paintSlice(slice))
  if (options.resolution !== false) {
    const calibrated = await api(server).put(`/v2/labs/${labId}/resolution/`, { mpp: SLICE_MPP }, { token: owner.access })
    expect(calibrated.status, JSON.stringify(calibrated.body)).toBe(200)
  }
  return { labId, areas: plantedAreas(slice) }
}

/** A ready, calibrated B-mode image of a carotid far wall drawn with a known IMT (tests/support/planted-wall.ts). */
export const imtSlide = async (server: StartedServer, owner: SignedIn, wall: PlantedWall, options: { resolution?: boolean } = {}) => {
  const labId = await uploadedSlide(server, owner, "carotid.png", paintWall(wall))
  if (options.resolution !== false) {
    const calibrated = await api(server).put(`/v2/labs/${labId}/resolution/`, { mpp: wall.mpp }, { token: owner.access })
    expect(calibrated.status, JSON.stringify(calibrated.body)).toBe(200)
  }
  return labId
}

/** A ready radiograph of teeth with known bone loss (tests/support/planted-teeth.ts), calibrated unless told not to be. */
export const radiographSlide = async (
  server: StartedServer,
  owner: SignedIn,
  mouth: PlantedMouth,
  options: { resolution?: boolean } = {}
) => {
  const labId = await uploadedSlide(server, owner, "radiograph.png", paintMouth(mouth))
  if (options.resolution !== false) {
    const calibrated = await api(server).put(`/v2/labs/${labId}/resolution/`, { mpp: mouth.mpp }, { token: owner.access })
    expect(calibrated.status, JSON.stringify(calibrated.body)).toBe(200)
  }
  return labId
}

export const startKi67 = (server: StartedServer, who: SignedIn | undefined, labId: string, extra: Record<string, unknown> = {}) =>
  api(server).post("/v2/ai/analysis/", { lab_id: labId, analysis: "ki67", ...extra }, { token: who?.access })

export const jobOf = (server: StartedServer, who: SignedIn | undefined, jobId: string) =>
  api(server).get(`/v2/ai/jobs/${jobId}/`, { token: who?.access })

/** Polls the job until it has ended (done, failed or cancelled); answers it. */
export const waitForJob = async (server: StartedServer, who: SignedIn, jobId: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const reply = await jobOf(server, who, jobId)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    if (reply.body.data.done) return reply.body.data
    if (Date.now() > deadline) throw new Error(`job ${jobId} never ended: ${JSON.stringify(reply.body.data)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
