// Editing annotations in Chromium against the real server, with two people on one slide: Ada (the
// owner) draws a polygon, drags a vertex, moves the shape, inserts and removes vertices, and relabels
// it in the side panel; each edit is read back through the API, and Grace (an admin of the folder)
// sees each one live on her screen. Undo and redo (keys and the rail's buttons) go back and forth
// through Ada's own edits on the server; an edit Grace makes meanwhile turns Ada's next undo into a
// conflict she is told about, and Grace's shape stays. Delete deletes, its notice's Undo brings the
// shape back. Each step leaves a screenshot.
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import {
  at,
  drag,
  openSlide as openSlideOf,
  type Stored,
  signInAs as signIn,
  storedAnnotations,
  tool,
  snapWhenFailed
} from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
const labels = { tumour: "", stroma: "" }
let adaContext: BrowserContext
let adaPage: Page
let gracePage: Page

const openSlide = (page: Page) => openSlideOf(page, slideId)

const stored = (): Promise<Array<Stored>> => storedAnnotations(world.server, slideId, ada)
const only = async (): Promise<Stored> => {
  const all = await stored()
  expect(all).toHaveLength(1)
  return all[0]!
}

/** The vertices of a polygon's SvgSelector. */
const verticesOf = (annotation: Stored): Array<[number, number]> => {
  const points = /points='([^']*)'/.exec(annotation.data.target.selector.value)?.[1] ?? ""
  return points
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(",").map(Number) as [number, number])
}

/** Waits until the server holds the annotation at `version`, and answers it. */
const atVersion = async (version: number): Promise<Stored> => {
  await expect.poll(async () => (await only()).version, { timeout: 10_000 }).toBe(version)
  return only()
}

const corners: ReadonlyArray<readonly [number, number]> = [
  [0.35, 0.3],
  [0.55, 0.3],
  [0.55, 0.6],
  [0.35, 0.6]
]

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.editing@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.editing@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Edited cases", file: "Liver biopsy.jpg", dots: 240 })
  const folderId = made.folderId
  slideId = made.slideId
  for (const [key, name, color] of [
    ["tumour", "Tumour", "#e11d48"],
    ["stroma", "Stroma", "#22d3ee"]
  ] as const) {
    const created = await api(world.server).post("/v2/labs/label-slide/", { lab_id: slideId, name, color }, { token: ada.access })
    expect(created.status).toBe(201)
    labels[key] = created.body.data.id
  }
  await share(world.server, ada, folderId, grace, "admin")
  adaContext = await newContext(world.browser, world.server.url)
  adaPage = await adaContext.newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("editing", () => ({ ada: adaPage, grace: gracePage }))

describe("editing annotations", () => {
  let original: Array<[number, number]> = []
  let reshaped: Array<[number, number]> = []
  let current: Array<[number, number]> = []
  /** The version the server holds the polygon at, as the steps below move it on. */
  let version = 3
  /** Image pixels to page pixels, from where the polygon's corners were clicked (the view has not moved since). */
  let toPage = (v: readonly [number, number]) => ({ x: v[0], y: v[1] })

  it("Ada draws a polygon; both see it", async () => {
    await signIn(adaPage, ada)
    await signIn(gracePage, grace)
    await openSlide(adaPage)
    await openSlide(gracePage)
    await tool(adaPage, "Polygon").click()
    for (const [fx, fy] of corners) {
      const p = await at(adaPage, fx, fy)
      await adaPage.mouse.click(p.x, p.y)
    }
    await adaPage.keyboard.press("Enter")
    const drawn = await atVersion(1)
    original = verticesOf(drawn)
    expect(original).toHaveLength(4)
    const [p0, p2] = [await at(adaPage, ...corners[0]!), await at(adaPage, ...corners[2]!)]
    const [v0, v2] = [original[0]!, original[2]!]
    const sx = (p2.x - p0.x) / (v2[0] - v0[0])
    const sy = (p2.y - p0.y) / (v2[1] - v0[1])
    toPage = (v) => ({ x: p0.x + (v[0] - v0[0]) * sx, y: p0.y + (v[1] - v0[1]) * sy })
    await expect.poll(() => gracePage.getByTestId("annotation-row").count(), { timeout: 5_000 }).toBe(1)
  }, 60_000)

  it("selected, the polygon shows its handles; a dragged vertex is saved, and Grace sees the new shape", async () => {
    await tool(adaPage, "Pan and zoom").click()
    const inside = await at(adaPage, 0.45, 0.45)
    await adaPage.mouse.click(inside.x, inside.y)
    await adaPage.getByTestId("selected-annotation").waitFor()
    await snap(adaPage, "editing-01-selected-with-handles")
    const rowBefore = await gracePage.getByTestId("annotation-measure").first().textContent()
    await drag(adaPage, await at(adaPage, 0.55, 0.6), await at(adaPage, 0.65, 0.75))
    const moved = await atVersion(2)
    reshaped = verticesOf(moved)
    // Only the dragged vertex moved, outwards.
    expect(reshaped.filter((v, i) => v[0] === original[i]![0] && v[1] === original[i]![1])).toHaveLength(3)
    expect(reshaped[2]![0]).toBeGreaterThan(original[2]![0])
    expect(reshaped[2]![1]).toBeGreaterThan(original[2]![1])
    // Grace's list measures the bigger polygon, live.
    await expect.poll(() => gracePage.getByTestId("annotation-measure").first().textContent(), { timeout: 5_000 }).not.toBe(rowBefore)
    await snap(adaPage, "editing-02-vertex-dragged")
  }, 60_000)

  it("the body dragged moves the whole shape; Grace finds it where it went", async () => {
    await drag(adaPage, await at(adaPage, 0.42, 0.4), await at(adaPage, 0.5, 0.5))
    const moved = verticesOf(await atVersion(3))
    const dx = moved[0]![0] - reshaped[0]![0]
    const dy = moved[0]![1] - reshaped[0]![1]
    expect(dx).toBeGreaterThan(0)
    expect(dy).toBeGreaterThan(0)
    moved.forEach((v, i) => {
      expect(v[0] - reshaped[i]![0]).toBeCloseTo(dx, 6)
      expect(v[1] - reshaped[i]![1]).toBeCloseTo(dy, 6)
    })
    // A click where the shape is now, and was not before, selects it on Grace's screen.
    await tool(gracePage, "Pan and zoom").click()
    const there = await at(gracePage, 0.6, 0.7)
    await gracePage.mouse.click(there.x, there.y)
    await gracePage.getByTestId("selected-annotation").waitFor({ timeout: 5_000 })
    await snap(gracePage, "editing-03-grace-sees-moved")
    await gracePage.keyboard.press("Escape")
    await snap(adaPage, "editing-04-moved")
    current = moved
  }, 60_000)

  it("undo twice (Ctrl+Z, then the rail's button) puts the shape back as drawn on the server; redo goes forward again", async () => {
    const rail = adaPage.getByRole("toolbar", { name: "Tools" })
    expect(await rail.getByRole("button", { name: "Redo" }).getAttribute("aria-disabled")).toBe("true")
    await adaPage.keyboard.press("Control+z")
    expect(verticesOf(await atVersion(++version))).toEqual(reshaped)
    await rail.getByRole("button", { name: "Undo" }).click()
    expect(verticesOf(await atVersion(++version))).toEqual(original)
    await snap(adaPage, "editing-05-undone-twice")
    // Grace's screen follows the undo too.
    await expect
      .poll(() => gracePage.getByTestId("annotation-measure").first().textContent(), { timeout: 5_000 })
      .toBe(await adaPage.getByTestId("annotation-measure").first().textContent())
    await adaPage.keyboard.press("Control+Shift+z")
    expect(verticesOf(await atVersion(++version))).toEqual(reshaped)
    await rail.getByRole("button", { name: "Redo" }).click()
    expect(verticesOf(await atVersion(++version))).toEqual(current)
    await expect.poll(() => rail.getByRole("button", { name: "Redo" }).getAttribute("aria-disabled")).toBe("true")
    await snap(adaPage, "editing-06-redone")
  }, 60_000)

  it("a click on an edge's midpoint inserts a vertex there; Alt+click on a vertex removes it", async () => {
    const mid: [number, number] = [(current[0]![0] + current[1]![0]) / 2, (current[0]![1] + current[1]![1]) / 2]
    const p = toPage(mid)
    await adaPage.mouse.click(p.x, p.y)
    const inserted = verticesOf(await atVersion(++version))
    expect(inserted).toHaveLength(5)
    expect(inserted[1]![0]).toBeCloseTo(mid[0], 6)
    expect(inserted[1]![1]).toBeCloseTo(mid[1], 6)
    await snap(adaPage, "editing-07-vertex-inserted")
    const q = toPage(inserted[1]!)
    await adaPage.keyboard.down("Alt")
    await adaPage.mouse.click(q.x, q.y)
    await adaPage.keyboard.up("Alt")
    expect(verticesOf(await atVersion(++version))).toEqual(current)
  }, 60_000)

  it("arrow keys nudge the selected shape: held presses are saved as one edit", async () => {
    // Pressed as a held key repeats: one after another at once (the page's own events, so a busy
    // machine cannot space them out beyond the pause that ends a burst).
    await adaPage.evaluate(() => {
      for (const [key, shiftKey] of [
        ["ArrowRight", false],
        ["ArrowRight", false],
        ["ArrowRight", false],
        ["ArrowDown", true]
      ] as const)
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }))
    })
    const nudged = verticesOf(await atVersion(++version))
    const scale = toPage([1, 0]).x - toPage([0, 0]).x
    nudged.forEach((v, i) => {
      expect(v[0] - current[i]![0]).toBeCloseTo(3 / scale, 3)
      expect(v[1] - current[i]![1]).toBeCloseTo(10 / scale, 3)
    })
    // Four presses, one save.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect((await only()).version).toBe(version)
    current = nudged
  }, 30_000)

  it("the label is changed in the side panel; Grace's list follows", async () => {
    await adaPage.getByTestId("selected-annotation").getByLabel("Label of the selected annotation").selectOption({ label: "Tumour" })
    const relabelled = await atVersion(++version)
    expect(relabelled.data.body[0]!.label).toMatchObject({ id: labels.tumour, name: "Tumour" })
    expect(verticesOf(relabelled)).toEqual(current)
    await expect.poll(() => gracePage.getByTestId("annotation-row").first().getAttribute("data-label"), { timeout: 5_000 }).toBe("Tumour")
    await snap(adaPage, "editing-08-relabelled")
    await snap(gracePage, "editing-09-grace-sees-relabelled")
    await expectAccessible(adaPage, "a selected annotation in the side panel")
  }, 30_000)

  it("an edit Grace makes meanwhile blocks Ada's undo: she is told, and Grace's shape stays", async () => {
    const before = await only()
    const grown = verticesOf(before)
      .map(([x, y]) => `${x + 25},${y + 25}`)
      .join(" ")
    const edited = await api(world.server).put(
      `/v2/labs/${slideId}/annotations/${before.id}/`,
      {
        data: {
          ...before.data,
          target: { ...before.data.target, selector: { type: "SvgSelector", value: `<svg><polygon points='${grown}'/></svg>` } }
        },
        version: before.version
      },
      { token: grace.access }
    )
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    version++
    // Ada's screen hears it live...
    await expect
      .poll(() => adaPage.getByTestId("selected-annotation").getAttribute("data-version"), { timeout: 5_000 })
      .toBe(String(version))
    // ...and her undo of the relabel would overwrite it: it is refused and said.
    await adaPage.keyboard.press("Control+z")
    await adaPage.getByText("Not undone: someone changed this annotation since").waitFor({ timeout: 5_000 })
    await snap(adaPage, "editing-10-undo-blocked")
    const after = await only()
    expect(after.version).toBe(version)
    expect(after.data.target.selector.value).toBe(`<svg><polygon points='${grown}'/></svg>`)
    expect(after.data.body[0]!.label.id).toBe(labels.tumour)
    // Nothing of Ada's on that shape is left to undo.
    await expect.poll(() => adaPage.getByTestId("undo").getAttribute("aria-disabled")).toBe("true")
  }, 30_000)

  it("Delete deletes the selected shape; its notice's Undo brings it back, on both screens", async () => {
    const id = (await only()).id
    await adaPage.getByTestId("selected-annotation").waitFor()
    await adaPage.keyboard.press("Delete")
    await expect.poll(async () => (await stored()).length, { timeout: 5_000 }).toBe(0)
    await expect.poll(() => gracePage.getByTestId("annotation-row").count(), { timeout: 5_000 }).toBe(0)
    const notice = adaPage.locator("[role=status], [role=alert]").filter({ hasText: "Annotation deleted" })
    await snap(adaPage, "editing-11-deleted-with-undo")
    await notice.getByRole("button", { name: "Undo" }).click()
    await expect.poll(async () => (await stored()).map((a) => a.id), { timeout: 5_000 }).toEqual([id])
    await expect.poll(() => gracePage.getByTestId("annotation-row").count(), { timeout: 5_000 }).toBe(1)
    await snap(gracePage, "editing-12-grace-sees-it-back")
  }, 30_000)

  it("a shape drawn and undone is deleted on the server; redone, it is back with the same id", async () => {
    await tool(adaPage, "Rectangle").click()
    await drag(adaPage, await at(adaPage, 0.15, 0.15), await at(adaPage, 0.25, 0.25))
    await expect.poll(async () => (await stored()).length, { timeout: 5_000 }).toBe(2)
    const ids = (await stored()).map((a) => a.id).sort()
    await adaPage.keyboard.press("Control+z")
    await expect.poll(async () => (await stored()).length, { timeout: 5_000 }).toBe(1)
    await adaPage.keyboard.press("Control+y")
    await expect.poll(async () => (await stored()).map((a) => a.id).sort(), { timeout: 5_000 }).toEqual(ids)
    await expect.poll(() => gracePage.getByTestId("annotation-row").count(), { timeout: 5_000 }).toBe(2)
    // Redone, it is the latest step again: there is something to undo, nothing to redo.
    await expect.poll(() => adaPage.getByTestId("undo").getAttribute("aria-disabled")).toBe("false")
    await expect.poll(() => adaPage.getByTestId("redo").getAttribute("aria-disabled")).toBe("true")
    await snap(adaPage, "editing-13-rectangle-redone")
    await expectAccessible(adaPage, "the viewer with undo and redo")
  }, 30_000)

  it("labels Grace creates, renames and deletes reach Ada's panel live, with the shapes that carry them", async () => {
    const labelRow = (name: string) => adaPage.locator(`[data-testid="label-row"][data-label="${name}"]`)
    const created = await api(world.server).post(
      "/v2/labs/label-slide/",
      { lab_id: slideId, name: "Necrosis", color: "#22c55e" },
      { token: grace.access }
    )
    expect(created.status).toBe(201)
    await labelRow("Necrosis").waitFor({ timeout: 5_000 })
    const renamed = await api(world.server).put(
      `/v2/labs/label-slide/${labels.stroma}/`,
      { name: "Fibrous stroma", color: "#0ea5e9" },
      { token: grace.access }
    )
    expect(renamed.status).toBe(200)
    await labelRow("Fibrous stroma").waitFor({ timeout: 5_000 })
    // The rectangle drawn with Stroma is listed under its new name.
    await expect
      .poll(() => adaPage.locator('[data-testid="annotation-row"][data-label="Fibrous stroma"]').count(), { timeout: 5_000 })
      .toBe(1)
    await snap(adaPage, "editing-14-labels-from-grace")
    const removed = await fetch(`${world.server.url}/v2/labs/label-slide/${created.body.data.id}/`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${grace.access}` }
    })
    expect(removed.status).toBe(200)
    await labelRow("Necrosis").waitFor({ state: "detached", timeout: 5_000 })
  }, 30_000)

  it("hiding an annotation in the list hides it on Ada's screen only, and a reload keeps it hidden there", async () => {
    const drawn = (page: Page) => page.getByTestId("slide-viewer").getAttribute("data-annotations-visible")
    await expect.poll(() => drawn(adaPage), { timeout: 5_000 }).toBe("2")
    await expect.poll(() => drawn(gracePage), { timeout: 5_000 }).toBe("2")
    const rectangleRow = adaPage.locator('[data-testid="annotation-row"][data-label="Fibrous stroma"]')
    await rectangleRow.getByRole("button", { name: "Hide annotation" }).click()
    await expect.poll(() => drawn(adaPage), { timeout: 5_000 }).toBe("1")
    await snap(adaPage, "editing-15-hidden-here")
    // Nothing was sent: the stored annotations and Grace's screen are as they were.
    expect((await stored()).map((a) => (a as Stored & { visible: boolean }).visible)).toEqual([true, true])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await drawn(gracePage)).toBe("2")
    await openSlide(adaPage)
    await expect.poll(() => drawn(adaPage), { timeout: 10_000 }).toBe("1")
    await rectangleRow.getByRole("button", { name: "Show annotation" }).click()
    await expect.poll(() => drawn(adaPage), { timeout: 5_000 }).toBe("2")
  }, 60_000)

  it("on a phone (390x844) the selected shape shows its handles and actions, and undo is on the rail", async () => {
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signIn(phone, ada)
    await phone.goto(`/dashboard/labs/${slideId}/annotations`)
    await phone.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await phone.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
    // The polygon is at the middle of the slide, which the phone shows whole.
    const polygon = verticesOf((await stored()).find((a) => a.data.target.selector.type === "SvgSelector")!)
    const box = (await phone.getByTestId("slide-viewer").boundingBox())!
    expect(box.width).toBeLessThanOrEqual(390)
    await tool(phone, "Pan and zoom").click()
    // Its centre, through the phone's own view: the overlay maps image pixels for us.
    const centre = polygon.reduce((sum, [x, y]) => [sum[0] + x / polygon.length, sum[1] + y / polygon.length], [0, 0])
    const at = await phone.evaluate(
      ([x, y]) => {
        const viewer = document.querySelector('[data-testid="slide-viewer"]') as HTMLElement
        const rect = viewer.getBoundingClientRect()
        // The slide is 2400 px wide and fitted to the viewer's width at home.
        const scale = rect.width / 2400
        const top = rect.top + (rect.height - 1600 * scale) / 2
        return { x: rect.left + x * scale, y: top + y * scale }
      },
      centre as [number, number]
    )
    await phone.mouse.click(at.x, at.y)
    await phone.getByTestId("selection-actions").waitFor({ timeout: 5_000 })
    expect(await phone.getByTestId("selection-actions").getByRole("button", { name: "Delete" }).count()).toBe(1)
    await phone.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name: "Undo" }).waitFor()
    await snap(phone, "editing-16-phone-selected")
    await expectAccessible(phone, "a selected annotation on a phone")
    await phone.close()
  }, 60_000)
})
