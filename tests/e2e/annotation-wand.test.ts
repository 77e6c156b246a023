// The wand, in Chromium against the real server, on a slide of a pattern it knows: a pink ring round
// a white hole, and a disc of two pinks (a darker core inside a lighter rim, 38 apart in colour).
// Ada chooses the wand by its key and clicks the ring: one region is saved with the active label, its
// hole kept, its area the ring's. She clicks the disc's core: the core alone at the starting
// tolerance; Ctrl+Z takes it away as one step. She presses on the core again and drags right before
// letting go: the tolerance grows live, the rim joins, the slider shows the new tolerance. At
// tolerance 0 on the slider, a click on the white hole takes only the hole's exact white. On a phone,
// in Indonesian, the wand and its slider are there and a click saves a region.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseSelector } from "../../src/annotation/geometry.ts"
import { measure } from "../../src/annotation/measure.ts"
import { depthsOf } from "../../src/annotation/rings.ts"
import type { Selector } from "../../src/contract/annotations.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { click, home, openSlideHome, signIn, toPage, tool } from "./support/home-view.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"
import { sharedSlide } from "./support/shared-slide.ts"

let world: World
let ada: SignedIn
let slideId = ""
let tumourId = ""
let page: Page

const RING = { cx: 800, cy: 800, outer: 400, inner: 160 }
const DISC = { cx: 1800, cy: 800, rim: 250, core: 150 }
const pattern = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
  <rect width="2400" height="1600" fill="#ffffff"/>
  <circle cx="${RING.cx}" cy="${RING.cy}" r="${RING.outer}" fill="#e58fb8"/>
  <circle cx="${RING.cx}" cy="${RING.cy}" r="${RING.inner}" fill="#ffffff"/>
  <circle cx="${DISC.cx}" cy="${DISC.cy}" r="${DISC.rim}" fill="rgb(225,140,190)"/>
  <circle cx="${DISC.cx}" cy="${DISC.cy}" r="${DISC.core}" fill="rgb(200,120,170)"/>
</svg>`

interface Stored {
  id: string
  data: { body: Array<{ label: { id: string } }>; target: { selector: Selector } }
}

const stored = async (): Promise<Array<Stored>> => {
  const reply = await api(world.server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

/** The annotations made since `before` (ids), once there are `count` of them. */
const madeSince = async (before: ReadonlySet<string>, count: number): Promise<Array<Stored>> => {
  await expect.poll(async () => (await stored()).filter((a) => !before.has(a.id)).length, { timeout: 10_000 }).toBe(count)
  return (await stored()).filter((a) => !before.has(a.id))
}

const geometryOf = (a: Stored) => {
  const parsed = parseSelector(a.data.target.selector)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.geometry
}

const ids = async () => new Set((await stored()).map((a) => a.id))
const slider = () => page.getByTestId("wand-options").getByRole("slider", { name: "Wand tolerance" })

beforeAll(async () => {
  world = await startWorld({ webgl: true })
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.wand@example.org" })
  slideId = (await sharedSlide(world.server, ada, { folder: "Wand", file: "Rings and discs.jpg", dots: 0, svg: pattern })).slideId
  const created = await api(world.server).post(
    "/v2/labs/label-slide/",
    { lab_id: slideId, name: "Tumour", color: "#e11d48" },
    { token: ada.access }
  )
  expect(created.status).toBe(201)
  tumourId = created.body.data.id
  // One shape far from the pattern, so the viewer has drawn its annotations (what the home view waits for).
  const seeded = await api(world.server).post(
    `/v2/labs/${slideId}/v2/annotations/`,
    {
      data: [
        {
          id: crypto.randomUUID(),
          data: {
            type: "Annotation",
            body: [{ type: "TextualBody", purpose: "tagging", value: "Tumour", label: { id: tumourId } }],
            target: { source: slideId, selector: { type: "FragmentSelector", value: "xywh=pixel:2250,1450,100,100" } }
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

snapWhenFailed("wand", () => ({ ada: page }))

describe("the wand", () => {
  it("W chooses the wand; its tolerance slider shows beside the count", async () => {
    await signIn(page, ada)
    await openSlideHome(page, slideId)
    await page.keyboard.press("w")
    await expect.poll(() => tool(page, "Wand").getAttribute("aria-pressed")).toBe("true")
    await expect.poll(async () => Number(await slider().inputValue())).toBeGreaterThan(0)
  })

  it("a click on the ring saves one region with the active label, its hole kept, with the ring's area", async () => {
    const before = await ids()
    await click(page, [RING.cx, RING.cy - (RING.outer + RING.inner) / 2])
    const [made] = await madeSince(before, 1)
    expect(made!.data.body[0]!.label.id).toBe(tumourId)
    const geometry = geometryOf(made!)
    expect(geometry.kind).toBe("area")
    if (geometry.kind !== "area") throw new Error("not a region")
    expect(geometry.rings).toHaveLength(2)
    expect(depthsOf(geometry.rings).sort()).toEqual([0, 1])
    const expected = Math.PI * (RING.outer ** 2 - RING.inner ** 2)
    const area = measure(geometry).areaPx!
    expect(area).toBeGreaterThan(expected * 0.95)
    expect(area).toBeLessThan(expected * 1.05)
    await snap(page, "wand-ring")
  })

  it("a click on the disc's core takes the core alone; Ctrl+Z takes it away as one step", async () => {
    const before = await ids()
    await click(page, [DISC.cx, DISC.cy])
    const [made] = await madeSince(before, 1)
    const area = measure(geometryOf(made!)).areaPx!
    expect(area).toBeGreaterThan(Math.PI * DISC.core ** 2 * 0.93)
    expect(area).toBeLessThan(Math.PI * DISC.core ** 2 * 1.07)
    await page.keyboard.press("Control+z")
    await expect.poll(async () => (await ids()).has(made!.id), { timeout: 10_000 }).toBe(false)
  })

  it("dragging right from the click grows the tolerance live: the rim joins, and the slider follows", async () => {
    const start = Number(await slider().inputValue())
    const before = await ids()
    const at = await toPage(page, DISC.cx, DISC.cy)
    await page.mouse.move(at.x, at.y)
    await page.mouse.down()
    for (let i = 1; i <= 10; i++) await page.mouse.move(at.x + i * 10, at.y)
    await snap(page, "wand-dragging")
    await page.mouse.up()
    const [made] = await madeSince(before, 1)
    const area = measure(geometryOf(made!)).areaPx!
    expect(area).toBeGreaterThan(Math.PI * DISC.rim ** 2 * 0.93)
    expect(area).toBeLessThan(Math.PI * DISC.rim ** 2 * 1.07)
    expect(Number(await slider().inputValue())).toBeGreaterThan(start + 30)
    await snap(page, "wand-disc")
  })

  it("at tolerance 0 on the slider, a click in the ring's hole takes the hole's exact white only, never the ring", async () => {
    await slider().fill("0")
    await expect.poll(async () => Number(await slider().inputValue())).toBe(0)
    const before = await ids()
    await click(page, [RING.cx, RING.cy])
    const [made] = await madeSince(before, 1)
    const geometry = geometryOf(made!)
    // Every vertex inside the hole: the JPEG's ringing and the tiles' resampling near the hole's edge
    // are near-whites that tolerance 0 leaves out (some as holes of their own), so the region stops
    // short of the ring.
    const vertices = geometry.kind === "area" ? geometry.rings.flat() : geometry.kind === "polygon" ? geometry.points : []
    expect(vertices.length).toBeGreaterThanOrEqual(3)
    for (const [x, y] of vertices) expect(Math.hypot(x - RING.cx, y - RING.cy)).toBeLessThan(RING.inner)
    const area = measure(geometry).areaPx!
    expect(area).toBeGreaterThan(Math.PI * RING.inner ** 2 * 0.5)
    expect(area).toBeLessThan(Math.PI * RING.inner ** 2)
    await snap(page, "wand-hole-at-zero")
  })

  it("on a phone (390 px) in Indonesian: W chooses the wand, its slider fits the screen, a click saves a region", async () => {
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signIn(phone, ada)
    await phone.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await phone.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await phone.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
    await home(phone)
    await phone.keyboard.press("w")
    const wand = phone.getByRole("toolbar", { name: "Alat" }).getByRole("button", { name: "Tongkat ajaib", exact: true })
    await expect.poll(() => wand.getAttribute("aria-pressed")).toBe("true")
    const slider = phone.getByRole("slider", { name: "Toleransi tongkat ajaib" })
    const box = (await slider.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    const before = await ids()
    await click(phone, [RING.cx, RING.cy - (RING.outer + RING.inner) / 2])
    const [made] = await madeSince(before, 1)
    expect(geometryOf(made!).kind).toBe("area")
    await snap(phone, "wand-phone-id")
    await phone.close()
  })
})
