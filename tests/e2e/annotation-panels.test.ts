// The viewer's annotation panels in Chromium against the real server: labels created in the panel,
// annotations seeded through the API and counted per label, a label hidden (its shapes leave the
// overlay), the list filtered by label and a row flying the viewer to its shape (and N stepping to
// the next), a label deleted after its confirmation (its shapes go), a QuPath export re-imported into
// another slide with the same labels and vertices, and the panel in Indonesian. Two slides come in
// through the upload API and the real slide worker (a generated TIFF recording 0.25 µm per pixel).
import { readFile } from "node:fs/promises"
import type { Browser, BrowserContext, Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, PASSWORD, type SignedIn, signIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { launchBrowser, snap } from "./support/browser.ts"
import { expectUrl } from "./support/session.ts"

const WIDTH = 3000
const HEIGHT = 2000

let server: StartedServer
let browser: Browser
let ada: SignedIn
let folderId = ""
const slides = { a: "", b: "" }
const contexts: BrowserContext[] = []
const pages: Page[] = []

const tissueSvg = (): string => {
  let seed = 11
  const next = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const nuclei = Array.from(
    { length: 500 },
    () => `<circle cx="${next() * WIDTH}" cy="${next() * HEIGHT}" r="${6 + next() * 14}" fill="#5b2d8e" fill-opacity="0.8"/>`
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#f3d5e4"/>${nuclei.join("")}</svg>`
}

const uploadSlide = async (name: string, bytes: Uint8Array): Promise<string> => {
  const reply = await uploadWhole(server, ada, folderId, name, bytes)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const lab = await waitForStatus(server, ada, reply.body.data.lab.id, ["ready", "failed"], 90_000)
  expect(lab.status).toBe("ready")
  return lab.id
}

const labelsOf = async (labId: string): Promise<Array<{ id: string; name: string; color: string }>> => {
  const reply = await api(server).get(`/v2/labs/label-slide/?lab_id=${labId}&page=1&limit=1000`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

interface Stored {
  data: { body: Array<{ value: string; label: { id: string; name?: string } }>; target: { selector: { type: string; value: string } } }
}
const annotationsOf = async (labId: string): Promise<Array<Stored>> => {
  const reply = await api(server).get(`/v2/labs/${labId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

/** Label name and selector of every annotation, sorted: what must survive an export and import. */
const fingerprint = (annotations: ReadonlyArray<Stored>) =>
  annotations.map((a) => `${a.data.body[0]?.label.name ?? a.data.body[0]?.value} | ${a.data.target.selector.value}`).sort()

const polygon = (cx: number, cy: number, r: number) =>
  `<svg><polygon points='${Array.from({ length: 6 }, (_, i) => `${cx + Math.round(r * Math.cos((i * Math.PI) / 3))},${cy + Math.round(r * Math.sin((i * Math.PI) / 3))}`).join(" ")}'/></svg>`

const tagged = (
  labId: string,
  label: { id: string; name: string },
  selector: { type: "SvgSelector" | "FragmentSelector"; value: string }
) => ({
  id: crypto.randomUUID(),
  data: {
    type: "Annotation",
    body: [{ type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } }],
    target: { source: labId, selector }
  }
})

const signedInPage = async (locale = "en-US"): Promise<Page> => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale, acceptDownloads: true })
  contexts.push(context)
  const page = await context.newPage()
  pages.push(page)
  page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`))
  await page.goto("/login")
  await page.getByLabel("Email").fill(ada.email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectUrl(page, /\/dashboard\/labs$/)
  return page
}

const openSlide = async (page: Page, id: string, prefix = "") => {
  await page.goto(`${prefix}/dashboard/labs/${id}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
  await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
  await showSidePanel(page)
}

const labelRow = (page: Page, name: string) => page.locator(`[data-testid="label-row"][data-label="${name}"]`)
const visibleShapes = async (page: Page) => Number(await page.getByTestId("slide-viewer").getAttribute("data-annotations-visible"))
const rows = (page: Page) => page.getByTestId("annotation-row")

beforeAll(async () => {
  server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  browser = await launchBrowser()
  ada = await signIn(server, await createAccount(server, { email: "ada@panels.example", name: "Ada Lovelace", password: PASSWORD }))
  const folder = await api(server).post("/v2/labs/", { name: "Panels 2026", parent: null }, { token: ada.access })
  expect(folder.status).toBe(201)
  folderId = folder.body.data.data.results[0].id
  const tiff = await sharp(Buffer.from(tissueSvg()))
    .tiff({ compression: "jpeg", quality: 80, tile: true, xres: 4000, yres: 4000, resolutionUnit: "cm" })
    .toBuffer()
  slides.a = await uploadSlide("Breast core H&E.tif", tiff)
  slides.b = await uploadSlide("Breast core recut.tif", tiff)
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    for (const [i, page] of pages.entries()) if (!page.isClosed()) await snap(page, `failed-panels-${i}-${task.name.replace(/\W+/g, "-")}`)
  }
})

describe("annotation panels", () => {
  let page: Page

  it("creates two labels in the panel; the first is said to be created", async () => {
    page = await signedInPage()
    await openSlide(page, slides.a)
    const panel = page.getByTestId("annotation-side-panel")
    await expect.poll(() => panel.getByRole("tab", { name: "Annotations" }).getAttribute("aria-selected")).toBe("true")
    for (const [name, color] of [
      ["Tumour", "#e11d48"],
      ["Stroma", "#22d3ee"]
    ] as const) {
      await page.getByRole("button", { name: "New label" }).click()
      await page.getByLabel("Label name").fill(name)
      await page.getByLabel("Label colour").fill(color)
      await page.getByRole("button", { name: "Create", exact: true }).click()
      await labelRow(page, name).waitFor()
    }
    await page.getByText("Label created.").first().waitFor()
    const labels = await labelsOf(slides.a)
    expect(labels.map((l) => [l.name, l.color]).sort()).toEqual([
      ["Stroma", "#22D3EE"],
      ["Tumour", "#E11D48"]
    ])
    // The label created last is the one new shapes take.
    await expect.poll(() => labelRow(page, "Stroma").getByRole("button", { pressed: true }).count()).toBe(1)
  })

  it("annotations seeded through the API are counted per label and listed with their measurements", async () => {
    const labels = await labelsOf(slides.a)
    const [tumour, stroma] = [labels.find((l) => l.name === "Tumour"), labels.find((l) => l.name === "Stroma")]
    const reply = await api(server).post(
      `/v2/labs/${slides.a}/v2/annotations/`,
      {
        data: [
          tagged(slides.a, tumour!, { type: "SvgSelector", value: polygon(400, 400, 120) }),
          tagged(slides.a, tumour!, { type: "SvgSelector", value: polygon(2600, 300, 90) }),
          tagged(slides.a, tumour!, { type: "SvgSelector", value: polygon(1500, 1700, 60) }),
          tagged(slides.a, stroma!, { type: "FragmentSelector", value: "xywh=pixel:1200,800,400,300" }),
          tagged(slides.a, stroma!, { type: "SvgSelector", value: "<svg><polyline points='200,1500 600,1600 900,1800'/></svg>" })
        ]
      },
      { token: ada.access }
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    await openSlide(page, slides.a)
    await expect.poll(() => labelRow(page, "Tumour").getByTestId("label-count").textContent()).toBe("3")
    await expect.poll(() => labelRow(page, "Stroma").getByTestId("label-count").textContent()).toBe("2")
    await expect.poll(() => rows(page).count()).toBe(5)
    // 400 x 300 px at 0.25 µm/px: 7,500 µm².
    await expect
      .poll(() => page.locator('[data-testid="annotation-row"]', { hasText: "Rectangle" }).getByTestId("annotation-measure").textContent())
      .toBe("7,500 µm²")
    await expect.poll(() => visibleShapes(page)).toBe(5)
    await snap(page, "panels-labels-and-list")
    await expectAccessible(page, "annotation panels")
  })

  it("hiding a label takes its shapes off the slide; the list filters by label", async () => {
    await labelRow(page, "Stroma").getByRole("button", { name: "Hide Stroma" }).click()
    await expect.poll(() => visibleShapes(page)).toBe(3)
    await page.getByLabel("Filter by label").selectOption({ label: "Tumour" })
    await expect.poll(() => rows(page).count()).toBe(3)
    await expect.poll(() => page.getByTestId("annotation-list-count").textContent()).toBe("3 of 5")
    for (const label of await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-label")))) expect(label).toBe("Tumour")
  })

  it("a row flies the viewer to its shape, at most at the slide's native magnification; N steps to the next", async () => {
    // The slide is scanned at 0.25 µm per pixel: 40x is one image pixel to a screen pixel. Each of
    // these shapes is far smaller than the viewer, so the flight stops there, not at the viewer's 80x.
    const magnification = () => page.getByTestId("zoom-indicator").textContent()
    await rows(page).first().getByRole("button").first().click()
    await expect.poll(() => rows(page).first().getAttribute("data-current")).toBe("true")
    // Only that shape is in view once the viewer has flown there.
    await expect.poll(() => visibleShapes(page), { timeout: 10_000 }).toBe(1)
    await expect.poll(magnification, { timeout: 10_000 }).toBe("40x")
    await page.getByTestId("slide-viewer").click({ position: { x: 5, y: 5 } })
    await page.keyboard.press("n")
    await expect.poll(() => rows(page).nth(1).getAttribute("data-current")).toBe("true")
    await expect.poll(() => visibleShapes(page), { timeout: 10_000 }).toBe(1)
    await expect.poll(magnification, { timeout: 10_000 }).toBe("40x")
    await snap(page, "panels-flown-to-annotation")
  })

  it("deleting a label asks first, says how many annotations go, and its shapes are gone", async () => {
    await page.getByLabel("Filter by label").selectOption({ label: "All labels" })
    await labelRow(page, "Stroma").getByRole("button", { name: "Show Stroma" }).click()
    await labelRow(page, "Tumour").getByRole("button", { name: "Delete Tumour" }).click()
    const dialog = page.getByRole("dialog")
    await dialog.getByText("Its 3 annotations are deleted with it, for everyone.").waitFor()
    await snap(page, "panels-delete-label-confirm")
    await dialog.getByRole("button", { name: "Delete label" }).click()
    await labelRow(page, "Tumour").waitFor({ state: "detached" })
    await expect.poll(() => rows(page).count()).toBe(2)
    await expect.poll(() => page.getByTestId("annotation-count").textContent()).toContain("2 annotations")
    expect((await annotationsOf(slides.a)).length).toBe(2)
  })

  it("a QuPath export re-imported into another slide gives the same labels and vertices", async () => {
    const downloading = page.waitForEvent("download")
    await page.getByRole("button", { name: "Export QuPath GeoJSON" }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe("Breast core H&E.geojson")
    const file = await readFile((await download.path())!)
    const geojson = JSON.parse(file.toString("utf8"))
    expect(geojson.type).toBe("FeatureCollection")
    expect(geojson.features.map((f: { properties: { classification: { name: string } } }) => f.properties.classification.name)).toEqual([
      "Stroma",
      "Stroma"
    ])

    await openSlide(page, slides.b)
    await page
      .getByTestId("annotation-import-file")
      .setInputFiles({ name: "export.geojson", mimeType: "application/geo+json", buffer: file })
    // The preview comes first (annotation-import.test.ts walks it); nothing is stored until Import.
    await page.getByRole("dialog").getByRole("button", { name: "Import", exact: true }).click()
    await page.getByText("Annotations imported").waitFor({ timeout: 15_000 })
    await page.getByText("2 added, 0 updated.").waitFor()
    await labelRow(page, "Stroma").waitFor()
    await expect.poll(() => rows(page).count()).toBe(2)
    const [a, b] = [await annotationsOf(slides.a), await annotationsOf(slides.b)]
    expect(fingerprint(b)).toEqual(fingerprint(a))
    expect((await labelsOf(slides.b)).map((l) => [l.name, l.color])).toEqual([["Stroma", "#22D3EE"]])
    await snap(page, "panels-imported")
  })

  it("the panel speaks Indonesian", async () => {
    await openSlide(page, slides.b, "/id")
    const panel = page.getByTestId("annotation-side-panel")
    await panel.getByRole("heading", { name: "Daftar anotasi" }).waitFor()
    await panel.getByRole("button", { name: "Ekspor QuPath GeoJSON" }).waitFor()
    await panel.getByRole("tab", { name: "Anotasi" }).waitFor()
    await panel.getByLabel("Saring menurut label").waitFor()
    await snap(page, "panels-indonesian")
    await expectAccessible(page, "annotation panels (id)")
  })
})
