// Selecting several annotations by box and acting on them, in Chromium against the real server: Ada
// (the owner) and Grace (a reviewer of the folder) on one slide with shapes seeded through the API.
// Ada Shift+drags a box around three cells inside a large region: the three are selected (the
// region around them is not, QuPath's rule), the panel and the bar say "3 selected", the list marks
// their rows and the slide highlights them; Shift+click adds and removes one more. She relabels the
// three at once, deletes them after the confirmation, and one Ctrl+Z brings all three back, each
// step read back through the API; she drags one of them and all three move, one Ctrl+Z puts them
// back. Grace's box over Ada's cells and her own deletes only her own, the dialog saying how many
// stay; her box over Ada's alone deletes nothing and says why. Ctrl+A selects every shown shape,
// Escape clears. Each step leaves a screenshot and is checked by axe.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { share } from "../server/support/labs-api.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { click, home, openSlideHome, signIn, toPage, tool } from "./support/home-view.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"
import { showSidePanel } from "./support/slide-viewer.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
const labels = { tumour: { id: "", name: "Tumour" }, stroma: { id: "", name: "Stroma" } }
let adaPage: Page
let gracePage: Page

interface Stored {
  id: string
  version: number
  user: { id: string }
  data: { body: Array<{ value: string; label: { id: string; name?: string } }>; target: { selector: { type: string; value: string } } }
}

const hexagon = (cx: number, cy: number, r: number) =>
  `<svg><polygon points='${Array.from({ length: 6 }, (_, i) => `${cx + Math.round(r * Math.cos((i * Math.PI) / 3))},${cy + Math.round(r * Math.sin((i * Math.PI) / 3))}`).join(" ")}'/></svg>`

/** The shapes seeded: three cells, a region around them, a cell far off, and (Grace's) a cell beside them. */
const seeds = {
  cellA: { id: crypto.randomUUID(), label: "tumour", selector: { type: "SvgSelector", value: hexagon(600, 500, 60) } },
  cellB: { id: crypto.randomUUID(), label: "tumour", selector: { type: "SvgSelector", value: hexagon(800, 520, 50) } },
  cellC: { id: crypto.randomUUID(), label: "tumour", selector: { type: "FragmentSelector", value: "xywh=pixel:650,650,150,100" } },
  region: { id: crypto.randomUUID(), label: "stroma", selector: { type: "FragmentSelector", value: "xywh=pixel:300,250,1000,750" } },
  far: { id: crypto.randomUUID(), label: "tumour", selector: { type: "SvgSelector", value: hexagon(1900, 330, 70) } },
  graces: { id: crypto.randomUUID(), label: "tumour", selector: { type: "SvgSelector", value: hexagon(1000, 600, 40) } }
} as const
const threeCells: Array<string> = [seeds.cellA.id, seeds.cellB.id, seeds.cellC.id].sort()

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
const labelOf = (a: Stored | undefined) => a?.data.body[0]?.label.name ?? a?.data.body[0]?.value
const selectorOf = (a: Stored | undefined) => a?.data.target.selector.value

const shiftDrag = async (page: Page, from: readonly [number, number], to: readonly [number, number]) => {
  const a = await toPage(page, ...from)
  const b = await toPage(page, ...to)
  await page.keyboard.down("Shift")
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10)
  await page.mouse.up()
  await page.keyboard.up("Shift")
}

const panelCount = (page: Page) => page.getByTestId("selected-annotations").getByTestId("selection-count")
const selectedRows = (page: Page) =>
  page
    .locator('[data-testid="annotation-row"][data-selected="true"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")).sort())

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.selection@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.selection@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Boxed cases", file: "Lymph node.jpg", dots: 240 })
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
  await share(world.server, ada, made.folderId, grace, "reviewer")
  await seed(ada, ["cellA", "cellB", "cellC", "region", "far"])
  await seed(grace, ["graces"])
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("selection", () => ({ ada: adaPage, grace: gracePage }))

describe("selecting annotations by box", () => {
  it("a Shift+drag box selects the three cells it surrounds, not the region they lie in; the panel, the bar and the list say 3", async () => {
    await signIn(adaPage, ada)
    await openSlideHome(adaPage, slideId)
    expect(await adaPage.getByTestId("annotation-row").count()).toBe(6)
    // The home view's mapping, checked: a click on the far cell selects it alone; Escape clears.
    await click(adaPage, [1900, 330])
    await expect.poll(() => adaPage.getByTestId("selected-annotation").getAttribute("data-id")).toBe(seeds.far.id)
    await adaPage.keyboard.press("Escape")
    await adaPage.getByTestId("selected-annotation").waitFor({ state: "detached" })

    await shiftDrag(adaPage, [520, 420], [900, 800])
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 selected")
    expect(await selectedRows(adaPage)).toEqual(threeCells)
    expect(await adaPage.getByTestId("selection-bar-count").textContent()).toBe("3 selected")
    expect(await adaPage.getByTestId("annotation-list-selected").textContent()).toBe("3 selected")
    // Several selected: no single shape's handles.
    expect(await adaPage.getByTestId("selected-annotation").count()).toBe(0)
    await snap(adaPage, "selection-01-boxed-three")
    await expectAccessible(adaPage, "three annotations selected")
  }, 90_000)

  it("Shift+click adds a fourth and takes it out again", async () => {
    await click(adaPage, [1000, 600], true)
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("4 selected")
    expect(await selectedRows(adaPage)).toEqual([...threeCells, seeds.graces.id].sort())
    await click(adaPage, [1000, 600], true)
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 selected")
    expect(await selectedRows(adaPage)).toEqual(threeCells)
  }, 30_000)

  it("one label list relabels the three; one Ctrl+Z puts all three back, one Ctrl+Shift+Z again", async () => {
    await adaPage.getByLabel("Label of the selected annotations").selectOption({ label: "Stroma" })
    const relabelled = async () => {
      const now = await byId()
      return threeCells.map((id) => labelOf(now.get(id)))
    }
    await expect.poll(relabelled, { timeout: 10_000 }).toEqual(["Stroma", "Stroma", "Stroma"])
    // The others are as they were.
    const now = await byId()
    expect([labelOf(now.get(seeds.region.id)), labelOf(now.get(seeds.far.id)), labelOf(now.get(seeds.graces.id))]).toEqual([
      "Stroma",
      "Tumour",
      "Tumour"
    ])
    await snap(adaPage, "selection-02-relabelled")
    // Out of the label list (where Ctrl+Z is the list's own): a Shift+click on empty tissue changes no selection.
    await click(adaPage, [1500, 1300], true)
    await adaPage.keyboard.press("Control+z")
    await expect.poll(relabelled, { timeout: 10_000 }).toEqual(["Tumour", "Tumour", "Tumour"])
    await adaPage.keyboard.press("Control+Shift+z")
    await expect.poll(relabelled, { timeout: 10_000 }).toEqual(["Stroma", "Stroma", "Stroma"])
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 selected")
  }, 60_000)

  it("Delete asks first; yes deletes the three; one Ctrl+Z brings all three back on the server", async () => {
    await adaPage.keyboard.press("Delete")
    const dialog = adaPage.getByRole("dialog")
    await dialog.getByRole("heading", { name: "Delete 3 annotations?" }).waitFor()
    await snap(adaPage, "selection-03-delete-confirm")
    await expectAccessible(adaPage, "delete three annotations dialog")
    // Nothing goes before the answer.
    expect((await stored()).length).toBe(6)
    await dialog.getByRole("button", { name: "Delete", exact: true }).click()
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(3)
    await adaPage.getByText("3 annotations deleted").waitFor()
    expect([...(await byId()).keys()].filter((id) => threeCells.includes(id))).toEqual([])
    await expect.poll(() => adaPage.getByTestId("annotation-row").count()).toBe(3)
    expect(await adaPage.getByTestId("selected-annotations").count()).toBe(0)
    await snap(adaPage, "selection-04-deleted")
    await adaPage.keyboard.press("Control+z")
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(6)
    const back = await byId()
    expect(threeCells.map((id) => labelOf(back.get(id)))).toEqual(["Stroma", "Stroma", "Stroma"])
    expect(selectorOf(back.get(seeds.cellC.id))).toBe("xywh=pixel:650,650,150,100")
    await expect.poll(() => adaPage.getByTestId("annotation-row").count()).toBe(6)
  }, 60_000)

  it("a drag on one of the three moves all three; one Ctrl+Z puts them back", async () => {
    await shiftDrag(adaPage, [520, 420], [900, 800])
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 selected")
    const before = await byId()
    const from = await toPage(adaPage, 800, 520)
    const to = await toPage(adaPage, 900, 620)
    await adaPage.mouse.move(from.x, from.y)
    await adaPage.mouse.down()
    for (let i = 1; i <= 10; i++) await adaPage.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10)
    await snap(adaPage, "selection-05-dragging-three")
    await adaPage.mouse.up()
    await expect
      .poll(
        async () => {
          const now = await byId()
          return threeCells.every((id) => now.get(id)!.version === before.get(id)!.version + 1)
        },
        { timeout: 10_000 }
      )
      .toBe(true)
    const moved = await byId()
    // The rectangle moved by the drag, about 100 image px right and down (within a pixel of screen rounding).
    const [x, y] = /xywh=pixel:([\d.]+),([\d.]+)/
      .exec(selectorOf(moved.get(seeds.cellC.id)) ?? "")!
      .slice(1)
      .map(Number)
    expect(Math.abs(x! - 750)).toBeLessThan(4)
    expect(Math.abs(y! - 750)).toBeLessThan(4)
    // The region and the far cell stayed.
    expect(selectorOf(moved.get(seeds.region.id))).toBe(selectorOf(before.get(seeds.region.id)))
    await snap(adaPage, "selection-06-moved-three")
    await adaPage.keyboard.press("Control+z")
    await expect.poll(async () => selectorOf((await byId()).get(seeds.cellC.id)), { timeout: 10_000 }).toBe("xywh=pixel:650,650,150,100")
    const back = await byId()
    expect(threeCells.map((id) => selectorOf(back.get(id)))).toEqual(threeCells.map((id) => selectorOf(before.get(id))))
  }, 60_000)

  it("Ctrl+A selects every shown annotation; Escape clears", async () => {
    await adaPage.keyboard.press("Control+a")
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("6 selected")
    await snap(adaPage, "selection-07-all")
    await adaPage.keyboard.press("Escape")
    await expect.poll(() => adaPage.getByTestId("selected-annotations").count()).toBe(0)
    expect(await selectedRows(adaPage)).toEqual([])
  }, 30_000)

  it("a reviewer's box over Ada's cells and her own deletes only her own, saying how many stay; over Ada's alone, nothing, and why", async () => {
    await signIn(gracePage, grace)
    await openSlideHome(gracePage, slideId)
    await tool(gracePage, "Pan and zoom").click()
    await shiftDrag(gracePage, [520, 420], [1060, 800])
    await expect.poll(() => panelCount(gracePage).textContent()).toBe("4 selected")
    await gracePage.getByTestId("selection-not-yours").getByText("3 of them were drawn by others").waitFor()
    await snap(gracePage, "selection-08-reviewer-selected-four")
    await expectAccessible(gracePage, "a reviewer's selection")
    await gracePage.keyboard.press("Delete")
    const dialog = gracePage.getByRole("dialog")
    await dialog.getByRole("heading", { name: "Delete 1 annotation?" }).waitFor()
    expect(await dialog.getByTestId("delete-left-out").textContent()).toBe(
      "3 of the selected annotations were drawn by others and stay: reviewers may delete only their own."
    )
    await snap(gracePage, "selection-09-reviewer-confirm")
    await expectAccessible(gracePage, "a reviewer's delete dialog")
    await dialog.getByRole("button", { name: "Delete", exact: true }).click()
    await expect.poll(async () => (await byId()).has(seeds.graces.id), { timeout: 10_000 }).toBe(false)
    const left = await byId()
    expect(threeCells.every((id) => left.has(id))).toBe(true)
    // The three Ada drew stay selected on Grace's screen, so she sees which were left.
    await expect.poll(() => panelCount(gracePage).textContent()).toBe("3 selected")
    await gracePage.keyboard.press("Delete")
    await gracePage.getByText("Nothing deleted").waitFor()
    await gracePage.getByText("The 3 selected annotations were drawn by others. Reviewers may delete only their own.").waitFor()
    expect(await gracePage.getByRole("dialog").count()).toBe(0)
    expect((await stored()).length).toBe(5)
    await snap(gracePage, "selection-10-reviewer-refused")
    // Ada's screen heard Grace's deletion.
    await expect.poll(() => adaPage.getByTestId("annotation-row").count(), { timeout: 10_000 }).toBe(5)
  }, 90_000)

  it("the selection speaks Indonesian", async () => {
    await adaPage.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await adaPage.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await showSidePanel(adaPage)
    await home(adaPage)
    await shiftDrag(adaPage, [520, 420], [900, 800])
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 terpilih")
    await adaPage.keyboard.press("Delete")
    await adaPage.getByRole("dialog").getByRole("heading", { name: "Hapus 3 anotasi?" }).waitFor()
    await snap(adaPage, "selection-11-indonesian")
    await expectAccessible(adaPage, "selection (id)")
    await adaPage.getByRole("dialog").getByRole("button", { name: "Batal" }).click()
    await expect.poll(() => panelCount(adaPage).textContent()).toBe("3 terpilih")
    expect((await stored()).length).toBe(5)
  }, 60_000)
})
