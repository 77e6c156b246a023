// Regions with holes and of several parts, made by boolean edits of a selection, in Chromium against
// the real server. Ada has a tumour region, a cell inside it and a second region beside it. She
// selects the region then the cell and subtracts: the region keeps its id and label and now has a hole
// where the cell was (the cell is gone), its area is the rectangle's less the hexagon's, and a click in
// the hole selects nothing. One Ctrl+Z brings both back as they were; Ctrl+Shift+Z cuts the hole again.
// She merges the holed region with the one beside it: one outline, the hole kept. After a reload the
// compact read draws the same region (the hole still empty to a click), the QuPath export writes it
// as one Polygon with its interior ring, and the panel names the operations in Indonesian.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseSelector } from "../../src/annotation/geometry.ts"
import { measure } from "../../src/annotation/measure.ts"
import type { Selector } from "../../src/contract/annotations.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { click, dragOn, openSlideHome, signIn, toPage, tool } from "./support/home-view.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slideId = ""
const labels = { tumour: { id: "", name: "Tumour" }, stroma: { id: "", name: "Stroma" } }
let adaPage: Page

interface Stored {
  id: string
  version: number
  user: { id: string }
  data: { body: Array<{ value: string; label: { id: string; name?: string } }>; target: { selector: { type: string; value: string } } }
}

const hexagon = (cx: number, cy: number, r: number) =>
  `<svg><polygon points='${Array.from({ length: 6 }, (_, i) => `${cx + Math.round(r * Math.cos((i * Math.PI) / 3))},${cy + Math.round(r * Math.sin((i * Math.PI) / 3))}`).join(" ")}'/></svg>`

/** A tumour region, a cell inside it to cut out as a hole, and a second region overlapping the first. */
const seeds = {
  region: { id: crypto.randomUUID(), label: "tumour", selector: { type: "FragmentSelector", value: "xywh=pixel:400,300,800,600" } },
  cell: { id: crypto.randomUUID(), label: "stroma", selector: { type: "SvgSelector", value: hexagon(800, 600, 100) } },
  beside: { id: crypto.randomUUID(), label: "stroma", selector: { type: "FragmentSelector", value: "xywh=pixel:1100,400,500,300" } },
  /** Seeded last, for a second selection. */
  corner: { id: crypto.randomUUID(), label: "stroma", selector: { type: "FragmentSelector", value: "xywh=pixel:1700,1100,300,200" } }
} as const

const seed = async (who: SignedIn, keys: ReadonlyArray<keyof typeof seeds>) => {
  const reply = await api(world.server).post(
    `/v2/labs/${slideId}/v2/annotations/`,
    {
      data: keys.map((key) => {
        const { id, label, selector } = seeds[key]
        const { id: labelId, name } = labels[label as keyof typeof labels]
        return {
          id,
          data: {
            type: "Annotation",
            body: [{ type: "TextualBody", purpose: "tagging", value: name, label: { id: labelId } }],
            target: { source: slideId, selector }
          }
        }
      })
    },
    { token: who.access }
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
}

const stored = async (): Promise<Array<Stored>> => {
  const reply = await api(world.server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}
const byId = async (): Promise<Map<string, Stored>> => new Map((await stored()).map((a) => [a.id, a]))
const geometryOfStored = (a: Stored | undefined) => {
  if (a === undefined) return undefined
  const parsed = parseSelector(a.data.target.selector as Selector)
  return parsed.ok ? parsed.geometry : undefined
}

/** The tumour label's id (the region's). */
const labels0 = () => labels.tumour.id
const panelCount = (page: Page) => page.getByTestId("selected-annotations").getByTestId("selection-count")
beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.regions@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Resections", file: "Colon resection.jpg", dots: 240 })
  slideId = made.slideId
  for (const [key, color] of [
    ["tumour", "#e11d48"],
    ["stroma", "#22d3ee"]
  ] as const) {
    const created = await api(world.server).post(
      "/v2/labs/label-slide/",
      { lab_id: slideId, name: labels[key].name, color },
      { token: ada.access }
    )
    expect(created.status).toBe(201)
    labels[key].id = created.body.data.id
  }
  await seed(ada, ["region", "cell", "beside"])
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("regions", () => ({ ada: adaPage }))

const selectedKind = (page: Page) => page.getByTestId("selected-annotation").textContent()
const hexagonArea = (r: number) =>
  measure({
    kind: "polygon",
    points: Array.from(
      { length: 6 },
      (_, i) => [Math.round(r * Math.cos((i * Math.PI) / 3)), Math.round(r * Math.sin((i * Math.PI) / 3))] as const
    )
  }).areaPx!

describe("regions with holes, by boolean edits", () => {
  it("the region, then Shift+click the cell inside it: the panel offers merge, subtract and intersect", async () => {
    await signIn(adaPage, ada)
    await openSlideHome(adaPage, slideId)
    await click(adaPage, [450, 350])
    await expect.poll(() => selectedKind(adaPage)).toContain("Rectangle")
    await click(adaPage, [800, 600], true)
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("2 selected")
    const row = adaPage.getByTestId("boolean-edits")
    for (const name of ["Merge", "Subtract", "Intersect"]) await row.getByRole("button", { name }).waitFor()
    await snap(adaPage, "regions-two-selected")
  })

  it("Subtract cuts the cell out as a hole: the region keeps its id and label, the cell is gone, the area is less the hole", async () => {
    await adaPage.getByTestId("boolean-edits").getByRole("button", { name: "Subtract" }).click()
    await expect.poll(async () => (await byId()).has(seeds.cell.id)).toBe(false)
    const region = (await byId()).get(seeds.region.id)
    expect(region?.data.body[0]?.label.id).toBe(labels.tumour.id)
    const geometry = geometryOfStored(region)
    expect(geometry?.kind).toBe("area")
    expect(region?.data.target.selector.value).toMatch(/^<svg><path fill-rule='evenodd' d='M/)
    expect(measure(geometry!).areaPx).toBeCloseTo(800 * 600 - hexagonArea(100), 6)
    await snap(adaPage, "regions-subtracted")
    // Inside the hole nothing is hit; on the region's body the region is, as a region.
    await adaPage.keyboard.press("Escape")
    await click(adaPage, [800, 600])
    await expect.poll(() => adaPage.getByTestId("selected-annotation").count()).toBe(0)
    await click(adaPage, [450, 350])
    await expect.poll(() => selectedKind(adaPage)).toContain("Region")
    await expect.poll(() => adaPage.getByTestId("selected-measure").textContent()).toMatch(/Area/)
    await expectAccessible(adaPage, "regions-holed-selected")
  })

  it("one Ctrl+Z brings the rectangle and the cell back; Ctrl+Shift+Z cuts the hole again", async () => {
    await adaPage.keyboard.press("Control+z")
    await expect.poll(async () => (await byId()).has(seeds.cell.id)).toBe(true)
    await expect.poll(async () => geometryOfStored((await byId()).get(seeds.region.id))?.kind).toBe("rectangle")
    await adaPage.keyboard.press("Control+Shift+z")
    await expect.poll(async () => (await byId()).has(seeds.cell.id)).toBe(false)
    await expect.poll(async () => geometryOfStored((await byId()).get(seeds.region.id))?.kind).toBe("area")
  })

  it("Merge with the region beside it: one outline, the hole kept, the other region gone", async () => {
    await adaPage.keyboard.press("Escape")
    await click(adaPage, [450, 350])
    await click(adaPage, [1500, 450], true)
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("2 selected")
    await adaPage.getByTestId("boolean-edits").getByRole("button", { name: "Merge" }).click()
    await expect.poll(async () => (await byId()).has(seeds.beside.id)).toBe(false)
    const geometry = geometryOfStored((await byId()).get(seeds.region.id))
    expect(geometry?.kind).toBe("area")
    if (geometry?.kind !== "area") throw new Error("not a region")
    expect(geometry.rings).toHaveLength(2)
    expect(measure(geometry).areaPx).toBeCloseTo(800 * 600 + 500 * 300 - 100 * 300 - hexagonArea(100), 6)
    await snap(adaPage, "regions-merged")
  })

  it("after a reload the compact read draws the same region, and the QuPath export writes one Polygon with its hole", async () => {
    await openSlideHome(adaPage, slideId)
    await click(adaPage, [800, 600])
    await expect.poll(() => adaPage.getByTestId("selected-annotation").count()).toBe(0)
    await click(adaPage, [1500, 450])
    await expect.poll(() => selectedKind(adaPage)).toContain("Region")
    await snap(adaPage, "regions-reloaded")
    const downloading = adaPage.waitForEvent("download")
    await adaPage.getByRole("button", { name: "Export QuPath GeoJSON" }).click()
    const geojson = JSON.parse((await readFile((await (await downloading).path())!)).toString("utf8"))
    const feature = geojson.features.find((f: { id: string }) => f.id === seeds.region.id)
    expect(feature.geometry.type).toBe("Polygon")
    expect(feature.geometry.coordinates).toHaveLength(2)
  })

  it("the Ellipse tool draws an ellipse in the box dragged, stored as a 64-sided polygon with its area", async () => {
    const before = new Set((await stored()).map((a) => a.id))
    await tool(adaPage, "Ellipse").click()
    await dragOn(adaPage, [1700, 1000], [2100, 1300])
    await expect.poll(async () => (await stored()).filter((x) => !before.has(x.id)).length, { timeout: 10_000 }).toBe(1)
    const drawn = geometryOfStored((await stored()).find((x) => !before.has(x.id)))
    expect(drawn?.kind).toBe("polygon")
    if (drawn?.kind !== "polygon") throw new Error("not a polygon")
    expect(drawn.points).toHaveLength(64)
    // About π·200·150 image pixels (the drag's ends land within a pixel or two of the corners).
    expect(measure(drawn).areaPx! / (Math.PI * 200 * 150)).toBeGreaterThan(0.95)
    expect(measure(drawn).areaPx! / (Math.PI * 200 * 150)).toBeLessThan(1.05)
    await snap(adaPage, "regions-ellipse")
  })

  it("the Freehand area tool closes a loop into an outline with an area", async () => {
    const before = new Set((await stored()).map((a) => a.id))
    await tool(adaPage, "Freehand area").click()
    const corners = [
      [200, 1100],
      [600, 1100],
      [600, 1450],
      [200, 1450],
      [210, 1110]
    ] as const
    const first = await toPage(adaPage, corners[0][0], corners[0][1])
    await adaPage.mouse.move(first.x, first.y)
    await adaPage.mouse.down()
    for (let c = 1; c < corners.length; c++) {
      const from = await toPage(adaPage, corners[c - 1]![0], corners[c - 1]![1])
      const to = await toPage(adaPage, corners[c]![0], corners[c]![1])
      for (let i = 1; i <= 8; i++) await adaPage.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8)
    }
    await adaPage.mouse.up()
    await expect.poll(async () => (await stored()).filter((x) => !before.has(x.id)).length, { timeout: 10_000 }).toBe(1)
    const drawn = geometryOfStored((await stored()).find((x) => !before.has(x.id)))
    expect(drawn?.kind).toBe("polygon")
    expect(measure(drawn!).areaPx! / (400 * 350)).toBeGreaterThan(0.9)
    await snap(adaPage, "regions-freehand-area")
  })

  it("a region of two apart parts, merged from two shapes, splits back into two annotations as one undo step", async () => {
    await tool(adaPage, "Pan and zoom").click()
    await adaPage.keyboard.press("Escape")
    await click(adaPage, [450, 350])
    await click(adaPage, [400, 1300], true)
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("2 selected")
    // The region, the ellipse and the outline: the outline merged into the region leaves two.
    await adaPage.getByTestId("boolean-edits").getByRole("button", { name: "Merge" }).click()
    await expect.poll(async () => (await stored()).length).toBe(2)
    const merged = geometryOfStored((await byId()).get(seeds.region.id))
    expect(merged?.kind).toBe("area")
    await click(adaPage, [450, 350])
    const split = adaPage.getByRole("button", { name: "Split into 2 parts" })
    await split.waitFor()
    await snap(adaPage, "regions-split-offered")
    await split.click()
    await expect.poll(async () => (await stored()).length).toBe(3)
    const labels = (await stored()).filter((a) => a.data.body[0]?.label.id === labels0()).length
    expect(labels).toBe(2)
    expect((await byId()).has(seeds.region.id)).toBe(true)
    // One Ctrl+Z: the one region of two parts again.
    await adaPage.keyboard.press("Control+z")
    await expect.poll(async () => (await stored()).length).toBe(2)
    await expect.poll(async () => geometryOfStored((await byId()).get(seeds.region.id))?.kind).toBe("area")
  })

  it("the operations speak Indonesian", async () => {
    await seed(ada, ["corner"])
    await openSlideHome(adaPage, slideId, "/id")
    await click(adaPage, [1500, 450])
    await click(adaPage, [1800, 1200], true)
    const row = adaPage.getByTestId("boolean-edits")
    for (const name of ["Satukan", "Kurangi", "Irisan"]) await row.getByRole("button", { name }).waitFor()
    await snap(adaPage, "regions-id")
  })
})
