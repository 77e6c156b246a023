// The brush in Chromium against the real server. Ada chooses it with B, sets its size on the slider,
// paints a region (a new polygon of the active label, selected), paints more to grow it, makes the
// brush smaller with [ and Alt-paints a hole in the middle: the region becomes an area of two rings
// and its measured area shrinks. One Ctrl+Z undoes that one stroke (the hole goes, the painted region
// stays); after a reload the region is there, drawn from the server. The options speak Indonesian too.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseSelector } from "../../src/annotation/geometry.ts"
import { measure } from "../../src/annotation/measure.ts"
import type { Selector } from "../../src/contract/annotations.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { click, openSlideHome, signIn, toPage, tool } from "./support/home-view.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slideId = ""
let page: Page

interface Stored {
  id: string
  version: number
  data: { target: { selector: Selector } }
}

const stored = async (): Promise<Array<Stored>> => {
  const reply = await api(world.server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}
const geometryOf = (a: Stored | undefined) => {
  if (a === undefined) return undefined
  const parsed = parseSelector(a.data.target.selector)
  return parsed.ok ? parsed.geometry : undefined
}
const areaOf = async (id: string) => measure(geometryOf((await stored()).find((a) => a.id === id))!).areaPx ?? 0

/** A press, a stroke through `points` in small steps, a release, in image pixels; Alt held when `alt`. */
const paint = async (points: ReadonlyArray<readonly [number, number]>, alt = false) => {
  const at = await Promise.all(points.map(([x, y]) => toPage(page, x, y)))
  if (alt) await page.keyboard.down("Alt")
  await page.mouse.move(at[0]!.x, at[0]!.y)
  await page.mouse.down()
  for (let i = 1; i < at.length; i++)
    for (let s = 1; s <= 8; s++)
      await page.mouse.move(at[i - 1]!.x + ((at[i]!.x - at[i - 1]!.x) * s) / 8, at[i - 1]!.y + ((at[i]!.y - at[i - 1]!.y) * s) / 8)
  await page.mouse.up()
  if (alt) await page.keyboard.up("Alt")
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.brush@example.org" })
  slideId = (await sharedSlide(world.server, ada, { folder: "Resections", file: "Colon resection.jpg", dots: 240 })).slideId
  const label = await api(world.server).post(
    "/v2/labs/label-slide/",
    { lab_id: slideId, name: "Tumour", color: "#e11d48" },
    { token: ada.access }
  )
  expect(label.status).toBe(201)
  // A cell in a corner, far from where the brush paints: the home view waits for a slide's shapes drawn.
  const seeded = await api(world.server).post(
    `/v2/labs/${slideId}/v2/annotations/`,
    {
      data: [
        {
          id: crypto.randomUUID(),
          data: {
            type: "Annotation",
            body: [{ type: "TextualBody", purpose: "tagging", value: "Tumour", label: { id: label.body.data.id } }],
            target: { source: slideId, selector: { type: "FragmentSelector", value: "xywh=pixel:2100,1300,120,90" } }
          }
        }
      ]
    },
    { token: ada.access }
  )
  expect(seeded.status, JSON.stringify(seeded.body)).toBe(201)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("brush", () => ({ ada: page }))

let regionId = ""
let painted = 0
let grown = 0

describe("the brush", () => {
  it("B chooses the brush, after the freehand area on the rail; its options show a size and Erase", async () => {
    await signIn(page, ada)
    await openSlideHome(page, slideId)
    await page.getByTestId("slide-viewer").hover()
    await page.keyboard.press("b")
    await expect.poll(() => tool(page, "Brush").getAttribute("aria-pressed")).toBe("true")
    const names = await page
      .getByRole("toolbar", { name: "Tools" })
      .locator("button[data-tool]")
      .evaluateAll((b) => b.map((x) => x.getAttribute("data-tool")))
    expect(names.indexOf("brush")).toBe(names.indexOf("lasso") + 1)
    const options = page.getByTestId("brush-options")
    await options.waitFor()
    await page.getByTestId("brush-size").fill("120")
    await expect.poll(() => page.getByTestId("brush-size-value").textContent()).toBe("120 px")
    await expect.poll(() => page.getByTestId("brush-subtract").getAttribute("aria-pressed")).toBe("false")
    await expectAccessible(page, "the brush with its options")
  })

  it("a stroke paints a new region of the active label, selected; a second stroke grows the same region", async () => {
    const before = (await stored()).length
    await paint([
      [700, 500],
      [1100, 500],
      [1100, 800]
    ])
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(before + 1)
    const region = (await stored()).at(-1)!
    regionId = region.id
    expect(geometryOf(region)?.kind).toBe("polygon")
    painted = await areaOf(regionId)
    expect(painted).toBeGreaterThan(0)
    await snap(page, "brush-01-painted")
    await paint([
      [700, 800],
      [1100, 800]
    ])
    await expect.poll(() => areaOf(regionId), { timeout: 10_000 }).toBeGreaterThan(painted)
    grown = await areaOf(regionId)
    // Still one region: the second stroke joined it rather than starting another.
    expect((await stored()).length).toBe(before + 1)
    await expect.poll(() => page.getByTestId("selected-measure").textContent()).toMatch(/Area/)
  })

  it("[ makes the brush smaller; Alt-painting in the middle cuts a hole: an area of two rings, measured smaller", async () => {
    for (let i = 0; i < 6; i++) await page.keyboard.press("BracketLeft")
    await expect.poll(async () => Number((await page.getByTestId("brush-size-value").textContent())?.replace(/\D/g, ""))).toBeLessThan(50)
    await paint(
      // On the first stroke's band, well inside it (the band is wider than the small brush).
      [
        [880, 500],
        [920, 500]
      ],
      true
    )
    await expect.poll(async () => geometryOf((await stored()).find((a) => a.id === regionId))?.kind, { timeout: 10_000 }).toBe("area")
    const holed = geometryOf((await stored()).find((a) => a.id === regionId))
    if (holed?.kind !== "area") throw new Error("not an area")
    expect(holed.rings).toHaveLength(2)
    expect(await areaOf(regionId)).toBeLessThan(grown)
    // The brush's circle and the hole, as the user sees them.
    const p = await toPage(page, 980, 700)
    await page.mouse.move(p.x, p.y)
    await snap(page, "brush-02-hole")
  })

  it("one Ctrl+Z undoes that one stroke: the hole goes, the grown region stays", async () => {
    await page.keyboard.press("Control+z")
    await expect.poll(async () => geometryOf((await stored()).find((a) => a.id === regionId))?.kind, { timeout: 10_000 }).toBe("polygon")
    expect(await areaOf(regionId)).toBeCloseTo(grown, 6)
  })

  it("after a reload the region is there, drawn from the server, and selectable", async () => {
    await openSlideHome(page, slideId)
    await click(page, [1100, 650])
    await expect.poll(() => page.getByTestId("selected-annotation").textContent()).toContain("Polygon")
    await snap(page, "brush-03-reloaded")
  })

  it("the options speak Indonesian", async () => {
    await openSlideHome(page, slideId, "/id")
    const brush = page.locator('[role=toolbar] button[data-tool="brush"]')
    await brush.click()
    await expect.poll(() => brush.getAttribute("aria-label")).toBe("Kuas")
    await expect.poll(() => page.getByTestId("brush-subtract").textContent()).toBe("Hapus")
    await expect.poll(() => page.getByTestId("brush-options").getByText("Ukuran kuas").count()).toBe(1)
  })
})
