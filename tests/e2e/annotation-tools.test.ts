// The drawing tools no other test draws with, in Chromium against the real server, with two people on
// one slide (0.5 µm per pixel): Ada (the owner) and Grace (a reviewer of its folder). Every tool's
// tooltip says what it does and its key, and the keys choose the tools. Ada counts points of one
// label and then another, and both screens count them live (and points clicked quicker than a save
// answers must each count); draws a freehand stroke of 200 mouse moves, stored as a much thinner
// polyline along the path; pins a comment (an empty one is not saved), which Grace reads; measures a
// length in µm that nothing stores. Grace draws her own rectangle, moves it and drags a corner, each
// saved as a new version that Ada sees. Each step is checked with axe and leaves a screenshot.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { viewer as words } from "../../src/i18n/en/viewer.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { at, drag, openSlide, shownCount, type Stored, signInAs, storedAnnotations, tool, snapWhenFailed } from "./support/annotating.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { expectTooltipsInside } from "./support/layout.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

/** Microns per pixel of the slide. */
const MPP = 0.5

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
const labels = { tumour: "", lymphocyte: "" }
let adaPage: Page
let gracePage: Page

/** The rail's tools: the name each button has, and the hint its tooltip gives. */
const TOOLS = [
  ["Pan and zoom", words.tools.hints.pan],
  ["Rectangle", words.tools.hints.rectangle],
  ["Ellipse", words.tools.hints.ellipse],
  ["Polygon", words.tools.hints.polygon],
  ["Freehand", words.tools.hints.freehand],
  ["Freehand area", words.tools.hints.freehandArea],
  ["Brush", words.tools.hints.brush],
  ["Wand", words.tools.hints.wand],
  ["Point", words.tools.hints.point],
  ["Comment", words.tools.hints.comment],
  ["Measure", words.tools.hints.measure]
] as const
type ToolName = (typeof TOOLS)[number][0]

type XY = { x: number; y: number }

/** Page pixels to image pixels and back, for a view that has not moved since it was measured. */
interface Mapping {
  /** Image pixels per page pixel. */
  readonly perPx: number
  readonly toImage: (p: XY) => XY
  readonly toPage: (v: XY) => XY
}

/** The mapping that takes two page points to the two image points stored for them. */
const mappingOf = (pages: readonly [XY, XY], images: readonly [XY, XY]): Mapping => {
  const sx = (images[1].x - images[0].x) / (pages[1].x - pages[0].x)
  const sy = (images[1].y - images[0].y) / (pages[1].y - pages[0].y)
  // The viewer is not rotated and keeps the image's aspect: one scale on both axes.
  expect(sy / sx).toBeCloseTo(1, 3)
  return {
    perPx: sx,
    toImage: (p) => ({ x: images[0].x + (p.x - pages[0].x) * sx, y: images[0].y + (p.y - pages[0].y) * sy }),
    toPage: (v) => ({ x: pages[0].x + (v.x - images[0].x) / sx, y: pages[0].y + (v.y - images[0].y) / sy })
  }
}

/** Ada's view as the counter's points measured it (her viewer has not moved since). */
let adaView: Mapping

const stored = () => storedAnnotations(world.server, slideId, ada)
const storedCount = async () => (await stored()).length
const newest = async (): Promise<Stored> => (await stored()).at(-1)!

/** The key the rail gives a tool (its aria-keyshortcuts). */
const keyOf = async (page: Page, name: ToolName): Promise<string> => {
  const key = await tool(page, name).getAttribute("aria-keyshortcuts")
  if (key === null) throw new Error(`the rail gives ${name} no key`)
  return key
}

/** Chooses the tool with its key, as a person who knows it would, and checks the rail shows it chosen. */
const pressToolKey = async (page: Page, name: ToolName): Promise<void> => {
  await page.keyboard.press(await keyOf(page, name))
  await expect.poll(() => tool(page, name).getAttribute("aria-pressed"), { timeout: 2_000 }).toBe("true")
}

/** Waits until the page has no save under way (the chip's "Saving…" is gone). */
const notSaving = (page: Page) =>
  expect.poll(async () => (await page.getByTestId("annotation-count").textContent()) ?? "", { timeout: 10_000 }).not.toContain("Saving")

const labelRow = (page: Page, name: string) => page.locator(`[data-testid="label-row"][data-label="${name}"]`)
const labelCount = async (page: Page, name: string) => Number(await labelRow(page, name).getByTestId("label-count").textContent())
/** Makes the label the one new shapes take, and checks its row says so with its name whole. */
const activate = async (page: Page, name: string) => {
  const main = labelRow(page, name).locator("button[aria-pressed]")
  await main.click()
  await expect.poll(() => main.getAttribute("aria-pressed")).toBe("true")
  const shown = main.getByText(name, { exact: true })
  expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth), `${name} is cut short`).toBe(true)
}

/** The image point a counter point or a comment pin is stored at. */
const circleOf = (annotation: Stored): XY => {
  const match = /^<svg><circle cx='([^']+)' cy='([^']+)' r='0'\/><\/svg>$/.exec(annotation.data.target.selector.value)
  if (match === null) throw new Error(`not one point: ${annotation.data.target.selector.value}`)
  return { x: Number(match[1]), y: Number(match[2]) }
}

/** A rectangle's FragmentSelector. */
const rectOf = (annotation: Stored) => {
  expect(annotation.data.target.selector.type).toBe("FragmentSelector")
  const [x, y, w, h] = annotation.data.target.selector.value.replace("xywh=pixel:", "").split(",").map(Number) as [
    number,
    number,
    number,
    number
  ]
  return { x, y, w, h }
}

/** The nearest distance from a point to a path of segments. */
const distanceToPath = (p: XY, path: ReadonlyArray<XY>): number => {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i + 1 < path.length; i++) {
    const [a, b] = [path[i]!, path[i + 1]!]
    const [dx, dy] = [b.x - a.x, b.y - a.y]
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
  }
  return best
}

/** What the ruler's caption says on the overlay (Konva draws it on the canvas), or null when none shows. */
const rulerCaption = (page: Page) =>
  page.evaluate(() => {
    type Node = { text: () => string; isVisible: () => boolean }
    const konva = (window as unknown as { Konva?: { stages: Array<{ find: (selector: string) => Array<Node> }> } }).Konva
    if (konva === undefined) throw new Error("no Konva on the page")
    const shown = konva.stages.flatMap((stage) => stage.find("Text").filter((node) => node.isVisible() && node.text() !== ""))
    return shown.length === 0 ? null : shown.map((node) => node.text()).join(" | ")
  })

/** Counts the annotation uploads the page sends from now on. */
const countUploads = (page: Page) => {
  const sent = { count: 0 }
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/v2\/labs\/[^/]+\/v2\/annotations\/$/.test(new URL(request.url()).pathname)) sent.count++
  })
  return sent
}

/** Two animation frames: long enough for a key or click to have started whatever it starts. */
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.tools@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.tools@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Tool cases", file: "Lymph node.jpg", dots: 220, mpp: MPP })
  slideId = made.slideId
  for (const [key, name, color] of [
    ["tumour", "Tumour", "#e11d48"],
    ["lymphocyte", "Lymphocyte", "#22d3ee"]
  ] as const) {
    const created = await api(world.server).post("/v2/labs/label-slide/", { lab_id: slideId, name, color }, { token: ada.access })
    expect(created.status).toBe(201)
    labels[key] = created.body.data.id
  }
  await share(world.server, ada, made.folderId, grace, "reviewer")
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("tools", () => ({ ada: adaPage, grace: gracePage }))

describe("annotation tools", () => {
  it("every tool's tooltip says what it does and its key, and each key chooses its tool", async () => {
    await signInAs(adaPage, ada)
    await signInAs(gracePage, grace)
    await openSlide(adaPage, slideId)
    await openSlide(gracePage, slideId)
    const keys: Array<string> = []
    for (const [name, hint] of TOOLS) {
      const key = await keyOf(adaPage, name)
      keys.push(key)
      await tool(adaPage, name).hover()
      await expect.poll(() => adaPage.locator("[role=tooltip]").textContent(), { timeout: 2_000 }).toBe(`${hint} (${key})`)
      await expectTooltipsInside(adaPage, `the ${name} tooltip`)
      if (name === "Freehand") {
        await settled(adaPage)
        await snap(adaPage, "tools-01-freehand-tooltip")
      }
    }
    // One key each, the rail's order from the top; the brush and the wand, after the freehand area,
    // take QuPath's letters.
    expect(keys).toEqual(["1", "2", "3", "4", "5", "6", "B", "W", "7", "8", "9"])
    // Away from the rail, so no tooltip covers the slide; then every key in turn.
    const middle = await at(adaPage, 0.5, 0.95)
    await adaPage.mouse.move(middle.x, middle.y)
    for (const [name] of [...TOOLS.slice(1), TOOLS[0]]) {
      await pressToolKey(adaPage, name)
      expect(await adaPage.getByRole("toolbar", { name: "Tools" }).locator("button[aria-pressed=true]").count()).toBe(1)
    }
    await expectAccessible(adaPage, "the viewer with the tool rail")
    // Grace, a reviewer, may draw too: her rail gives the same keys.
    expect(await keyOf(gracePage, "Comment")).toBe("8")
    await gracePage.mouse.move(middle.x, middle.y)
    await expectAccessible(gracePage, "the reviewer's viewer")
  }, 150_000)

  it("the point counter: each click counts one point of the active label, live on both screens; another label counts apart", async () => {
    await activate(adaPage, "Tumour")
    await pressToolKey(adaPage, "Point")
    const clicks: Array<XY> = []
    for (const [i, [fx, fy]] of (
      [
        [0.25, 0.18],
        [0.32, 0.24],
        [0.4, 0.2]
      ] as const
    ).entries()) {
      const p = await at(adaPage, fx, fy)
      clicks.push(p)
      await adaPage.mouse.click(p.x, p.y)
      // At a person's pace: the point is saved before the next click.
      await expect.poll(() => storedCount(), { timeout: 5_000 }).toBe(i + 1)
      await notSaving(adaPage)
      await expect.poll(() => labelCount(adaPage, "Tumour"), { timeout: 5_000 }).toBe(i + 1)
      await expect.poll(() => labelCount(gracePage, "Tumour"), { timeout: 5_000 }).toBe(i + 1)
    }
    // One annotation per click: a single point, tagged with the active label, where the click was.
    const points = await stored()
    for (const point of points) {
      expect(point.data.target.selector.type).toBe("SvgSelector")
      expect(point.data.body).toHaveLength(1)
      expect(point.data.body[0]).toMatchObject({ purpose: "tagging", value: "Tumour", label: { id: labels.tumour } })
    }
    const images = points.map(circleOf)
    adaView = mappingOf([clicks[0]!, clicks[2]!], [images[0]!, images[2]!])
    const middle = adaView.toImage(clicks[1]!)
    expect(images[1]!.x).toBeCloseTo(middle.x, 1)
    expect(images[1]!.y).toBeCloseTo(middle.y, 1)
    expect(await labelCount(adaPage, "Lymphocyte")).toBe(0)
    await snap(adaPage, "tools-02-three-tumour-points")
    await expectAccessible(adaPage, "three points counted")

    // Another label: its count starts, the first one's stays.
    await activate(adaPage, "Lymphocyte")
    for (const [i, [fx, fy]] of (
      [
        [0.3, 0.12],
        [0.36, 0.14]
      ] as const
    ).entries()) {
      const p = await at(adaPage, fx, fy)
      await adaPage.mouse.click(p.x, p.y)
      await expect.poll(() => storedCount(), { timeout: 5_000 }).toBe(4 + i)
      await notSaving(adaPage)
    }
    for (const page of [adaPage, gracePage]) {
      await expect.poll(() => labelCount(page, "Lymphocyte"), { timeout: 5_000 }).toBe(2)
      expect(await labelCount(page, "Tumour")).toBe(3)
      await expect.poll(() => shownCount(page), { timeout: 5_000 }).toBe(5)
    }
    const lymphocytes = (await stored()).slice(3)
    expect(lymphocytes.map((a) => a.data.body[0].label.id)).toEqual([labels.lymphocyte, labels.lymphocyte])
    await snap(adaPage, "tools-03-lymphocytes-counted")
    await snap(gracePage, "tools-04-grace-sees-the-counts")
    await expectAccessible(gracePage, "the counts on the reviewer's screen")
  }, 90_000)

  it("points clicked quicker than a save answers each count", async () => {
    // PRODUCT BUG, reported and not fixed here (src/machines/annotation/tools.machine.ts is being
    // changed by another engineer): while a finished shape is being saved the tools machine is in
    // its `saving` state, which handles no pointer event, so every click made before the previous
    // point's POST has answered is dropped without a word. On a network where a save takes 300 ms,
    // four cells clicked 150 ms apart (a brisk count) store about two points.
    const before = await storedCount()
    const slowSave = async (route: import("playwright-core").Route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 300))
      await route.continue()
    }
    await adaPage.route("**/v2/annotations/", slowSave)
    try {
      for (const fx of [0.5, 0.54, 0.58, 0.62]) {
        const p = await at(adaPage, fx, 0.12)
        await adaPage.mouse.click(p.x, p.y)
        await adaPage.waitForTimeout(150)
      }
      await notSaving(adaPage)
      await snap(adaPage, "tools-05-quick-clicks")
      expect(await storedCount(), "points stored for four clicks").toBe(before + 4)
    } finally {
      await adaPage.unroute("**/v2/annotations/", slowSave)
      await notSaving(adaPage)
    }
  }, 60_000)

  it("the pencil: 200 mouse moves are stored as a polyline of far fewer vertices along the path; Grace sees it live", async () => {
    await pressToolKey(adaPage, "Freehand")
    const before = await storedCount()
    const graceBefore = await shownCount(gracePage)
    // One period of a sine across the lower left of the slide, drawn with 200 moves.
    const [origin, corner] = [await at(adaPage, 0, 0), await at(adaPage, 1, 1)]
    const path = Array.from({ length: 201 }, (_, i): XY => {
      const t = i / 200
      const [fx, fy] = [0.15 + 0.4 * t, 0.62 + 0.14 * Math.sin(t * Math.PI * 2)]
      return { x: origin.x + (corner.x - origin.x) * fx, y: origin.y + (corner.y - origin.y) * fy }
    })
    await adaPage.mouse.move(path[0]!.x, path[0]!.y)
    await adaPage.mouse.down()
    for (const p of path.slice(1)) await adaPage.mouse.move(p.x, p.y)
    await adaPage.mouse.up()
    const released = Date.now()
    await expect.poll(() => storedCount(), { timeout: 5_000 }).toBe(before + 1)
    await expect.poll(() => shownCount(gracePage), { timeout: 5_000, interval: 50 }).toBe(graceBefore + 1)
    console.info(`live: the stroke on Grace's screen ${Date.now() - released} ms after the release`)

    const stroke = await newest()
    expect(stroke.data.target.selector.type).toBe("SvgSelector")
    const match = /^<svg><polyline points='([^']+)'\/><\/svg>$/.exec(stroke.data.target.selector.value)
    expect(match, stroke.data.target.selector.value).not.toBeNull()
    const vertices = match![1]!.split(" ").map((pair) => {
      const [x, y] = pair.split(",").map(Number) as [number, number]
      return { x, y }
    })
    console.info(`pencil: ${path.length - 1} mouse moves stored as ${vertices.length} vertices`)
    // Far fewer than the moves, but enough to bend with a sine.
    expect(vertices.length).toBeLessThan(60)
    expect(vertices.length).toBeGreaterThanOrEqual(8)
    // Along the path, both ways, to within 2 screen pixels; from the press to the release.
    const drawn = path.map(adaView.toImage)
    const tolerance = 2 * adaView.perPx
    for (const v of vertices) expect(distanceToPath(v, drawn)).toBeLessThan(tolerance)
    for (const p of drawn) expect(distanceToPath(p, vertices)).toBeLessThan(tolerance)
    expect(Math.hypot(vertices[0]!.x - drawn[0]!.x, vertices[0]!.y - drawn[0]!.y)).toBeLessThan(tolerance)
    expect(Math.hypot(vertices.at(-1)!.x - drawn.at(-1)!.x, vertices.at(-1)!.y - drawn.at(-1)!.y)).toBeLessThan(tolerance)

    // Both lists give it as a line of its length in µm.
    let length = 0
    for (let i = 1; i < vertices.length; i++) length += Math.hypot(vertices[i]!.x - vertices[i - 1]!.x, vertices[i]!.y - vertices[i - 1]!.y)
    const row = (page: Page) => page.locator(`[data-testid="annotation-row"][data-id="${stroke.id}"]`)
    for (const page of [adaPage, gracePage]) {
      await expect.poll(() => row(page).count(), { timeout: 5_000 }).toBe(1)
      expect(await row(page).textContent()).toContain("Line")
      const measure = (await row(page).getByTestId("annotation-measure").textContent()) ?? ""
      expect(measure).toMatch(/^[\d,.]+ µm$/)
      expect(Number(measure.replace(/[^\d.]/g, ""))).toBeCloseTo(length * MPP, 0)
    }
    // Heard live, the stroke is credited to Ada by name on Grace's screen, as a reload would show it.
    expect(await row(gracePage).textContent()).toContain("Ada Lovelace")
    expect(await row(gracePage).textContent()).not.toContain("ada.tools@example.org")
    await snap(adaPage, "tools-06-pencil-stroke")
    await snap(gracePage, "tools-07-grace-sees-the-stroke")
    await expectAccessible(adaPage, "a freehand stroke drawn")
  }, 90_000)

  it("a comment: placed and typed; empty it is not saved, with text it is; Grace sees the pin and reads the text", async () => {
    const text = "Tumour reaches the inked margin at 2 o'clock: re-cut?"
    await pressToolKey(adaPage, "Comment")
    const uploads = countUploads(adaPage)
    const before = await storedCount()
    const spot = await at(adaPage, 0.66, 0.3)
    await adaPage.mouse.click(spot.x, spot.y)
    const box = adaPage.getByRole("textbox", { name: "Comment", exact: true })
    await box.waitFor({ timeout: 5_000 })
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await box.getAttribute("placeholder")).toBe(words.annotations.commentPlaceholder)

    // Enter with nothing, or only spaces, saves nothing: the box stays for the text.
    await adaPage.keyboard.press("Enter")
    await adaPage.keyboard.type("   ")
    await adaPage.keyboard.press("Enter")
    await frames(adaPage)
    expect(await box.isVisible()).toBe(true)
    expect(uploads.count).toBe(0)
    expect(await storedCount()).toBe(before)
    await snap(adaPage, "tools-08-comment-box")
    await expectAccessible(adaPage, "the comment box")

    // Typed (a digit in it is text, not a tool's key) and saved with Enter.
    await box.fill("")
    await adaPage.keyboard.type(text)
    expect(await tool(adaPage, "Comment").getAttribute("aria-pressed")).toBe("true")
    await adaPage.keyboard.press("Enter")
    await expect.poll(() => storedCount(), { timeout: 5_000 }).toBe(before + 1)
    await box.waitFor({ state: "detached", timeout: 5_000 })
    expect(uploads.count).toBe(1)
    const pin = await newest()
    expect(pin.data.body).toEqual([
      // Not the active Lymphocyte: a comment is its own kind, under the slide's "Comment" label (made now).
      expect.objectContaining({ purpose: "tagging", value: "Comment" }),
      { type: "TextualBody", purpose: "commenting", value: text }
    ])
    const placed = circleOf(pin)
    const expected = adaView.toImage(spot)
    expect(placed.x).toBeCloseTo(expected.x, 1)
    expect(placed.y).toBeCloseTo(expected.y, 1)

    // Grace's list gives the text; a click on the pin on her slide shows it whole.
    const graceRow = gracePage.locator(`[data-testid="annotation-row"][data-id="${pin.id}"]`)
    await expect.poll(() => graceRow.getByTestId("annotation-comment").textContent(), { timeout: 5_000 }).toBe(text)
    await gracePage.mouse.click(spot.x, spot.y)
    const whole = gracePage.getByTestId("selected-comment")
    await whole.waitFor({ timeout: 5_000 })
    expect(await gracePage.getByTestId("selected-annotation").getAttribute("data-id")).toBe(pin.id)
    expect(await whole.locator("p").textContent()).toBe(text)
    // Nothing of it is cut off.
    expect(await whole.locator("p").evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    await snap(gracePage, "tools-09-grace-reads-the-comment")
    await expectAccessible(gracePage, "a comment read on the reviewer's screen")
    await gracePage.keyboard.press("Escape")
    await snap(adaPage, "tools-10-ada-commented")
  }, 90_000)

  it("the ruler measures a length in µm on screen and saves nothing", async () => {
    await pressToolKey(adaPage, "Measure")
    const uploads = countUploads(adaPage)
    const before = await storedCount()
    const graceBefore = await shownCount(gracePage)
    const from = await at(adaPage, 0.2, 0.88)
    const to = { x: from.x + 300, y: from.y }
    await drag(adaPage, from, to, 12)
    const expected = 300 * adaView.perPx * MPP
    await expect.poll(() => rulerCaption(adaPage), { timeout: 2_000 }).toMatch(/^[\d.]+ µm$/)
    const caption = (await rulerCaption(adaPage))!
    expect(Number.parseFloat(caption)).toBeCloseTo(expected, 0)
    console.info(`ruler: 300 screen px read ${caption} (expected ${expected.toFixed(1)} µm)`)
    // The same reading is said to a screen reader, which cannot read the canvas.
    expect(await adaPage.getByTestId("ruler-reading").textContent()).toBe(`Measured length: ${caption}`)
    await snap(adaPage, "tools-11-ruler")
    await expectAccessible(adaPage, "a length measured")
    // Nothing was sent or stored, and Grace's screen has nothing new.
    await frames(adaPage)
    expect(uploads.count).toBe(0)
    expect(await storedCount()).toBe(before)
    expect(await shownCount(adaPage)).toBe(before)
    expect(await shownCount(gracePage)).toBe(graceBefore)
    // Escape takes the line and its length away.
    await adaPage.keyboard.press("Escape")
    await expect.poll(() => rulerCaption(adaPage), { timeout: 2_000 }).toBeNull()
    expect(await adaPage.getByTestId("ruler-reading").textContent()).toBe("")
  }, 60_000)

  it("Grace draws her own rectangle, moves it and drags a corner: each change is a new version, and Ada sees it move", async () => {
    const before = await storedCount()
    await pressToolKey(gracePage, "Rectangle")
    const [a, b] = [await at(gracePage, 0.7, 0.55), await at(gracePage, 0.8, 0.7)]
    await drag(gracePage, a, b, 8)
    await expect.poll(() => storedCount(), { timeout: 5_000 }).toBe(before + 1)
    const drawn = await newest()
    expect(drawn.version).toBe(1)
    expect(drawn.user.id).toBe(grace.id)
    const first = rectOf(drawn)
    // Grace's view, from her rectangle's corners (it is Ada's too: the same window, the same home view).
    const graceView = mappingOf(
      [a, b],
      [
        { x: first.x, y: first.y },
        { x: first.x + first.w, y: first.y + first.h }
      ]
    )
    expect(graceView.perPx).toBeCloseTo(adaView.perPx, 3)
    await expect.poll(() => shownCount(adaPage), { timeout: 5_000 }).toBe(before + 1)

    // Ada selects it, to watch it.
    await pressToolKey(adaPage, "Pan and zoom")
    const inside = await at(adaPage, 0.75, 0.62)
    await adaPage.mouse.click(inside.x, inside.y)
    const adaSelected = adaPage.getByTestId("selected-annotation")
    await expect.poll(() => adaSelected.getAttribute("data-id"), { timeout: 5_000 }).toBe(drawn.id)
    expect(await adaSelected.getAttribute("data-version")).toBe("1")

    // Grace selects it and moves it up by 150 screen px.
    await pressToolKey(gracePage, "Pan and zoom")
    const centre = await at(gracePage, 0.75, 0.62)
    await gracePage.mouse.click(centre.x, centre.y)
    await expect.poll(() => gracePage.getByTestId("selected-annotation").getAttribute("data-id"), { timeout: 5_000 }).toBe(drawn.id)
    expect(
      await gracePage
        .getByTestId("selected-annotation")
        .getByRole("button", { name: /Delete/ })
        .count()
    ).toBeGreaterThan(0)
    await snap(gracePage, "tools-12-grace-selects-her-rectangle")
    await drag(gracePage, centre, { x: centre.x, y: centre.y - 150 }, 10)
    await expect.poll(async () => (await newest()).version, { timeout: 5_000 }).toBe(2)
    const moved = rectOf(await newest())
    expect(moved.x).toBeCloseTo(first.x, 6)
    expect(moved.y).toBeCloseTo(first.y - 150 * graceView.perPx, 0)
    expect([moved.w, moved.h]).toEqual([first.w, first.h])
    await expect.poll(() => adaSelected.getAttribute("data-version"), { timeout: 5_000 }).toBe("2")

    // Then drags its lower right corner out by 60 and 40 screen px.
    const corner = graceView.toPage({ x: moved.x + moved.w, y: moved.y + moved.h })
    const adaMeasure = adaPage.locator(`[data-testid="annotation-row"][data-id="${drawn.id}"]`).getByTestId("annotation-measure")
    const areaBefore = await adaMeasure.textContent()
    await drag(gracePage, corner, { x: corner.x + 60, y: corner.y + 40 }, 10)
    await expect.poll(async () => (await newest()).version, { timeout: 5_000 }).toBe(3)
    const grown = rectOf(await newest())
    expect([grown.x, grown.y]).toEqual([moved.x, moved.y])
    expect(grown.w).toBeCloseTo(moved.w + 60 * graceView.perPx, 0)
    expect(grown.h).toBeCloseTo(moved.h + 40 * graceView.perPx, 0)
    await snap(gracePage, "tools-13-grace-moved-and-grew-it")

    // Ada's screen followed: the new version, a bigger area, and the shape where Grace put it.
    await expect.poll(() => adaSelected.getAttribute("data-version"), { timeout: 5_000 }).toBe("3")
    await expect.poll(() => adaMeasure.textContent(), { timeout: 5_000 }).not.toBe(areaBefore)
    await adaPage.keyboard.press("Escape")
    await expect.poll(() => adaSelected.count(), { timeout: 2_000 }).toBe(0)
    // A click where only the moved rectangle is (above where it was drawn) selects it.
    const there = adaView.toPage({ x: grown.x + grown.w * 0.9, y: grown.y + grown.h * 0.1 })
    expect(there.y).toBeLessThan(a.y)
    await adaPage.mouse.click(there.x, there.y)
    await expect.poll(() => adaSelected.getAttribute("data-id"), { timeout: 5_000 }).toBe(drawn.id)
    await snap(adaPage, "tools-14-ada-sees-it-moved")
    await expectAccessible(adaPage, "the reviewer's moved rectangle on the owner's screen")
  }, 90_000)
})
