// Auto tagging in Chromium against the real server (issue 24): a paid user uploads an H&E slide into a
// folder through the upload button; once its pyramid is built the slide is tagged and the folder's
// list shows its tags without a reload (they come with its ready status), as does All Files for an
// upload there; the details panel lists them; the labs search finds the slide by a tag's name ("H&E")
// and not the IHC slide beside it. On a phone, in Indonesian, the same slide shows its tags in
// Indonesian and the search by "HE" finds it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RgbTile } from "../../server/ai/raster.ts"
import type { SignedIn } from "../support/api.ts"
import { families } from "../support/planted-stains.ts"
import { paidUser } from "../server/support/analysis-api.ts"
import { createFolder } from "../server/support/labs-api.ts"
import { uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { expectAccessible } from "./support/a11y.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { signIn } from "./support/home-view.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let folderId = ""
let files = ""
let page: Page
let phone: Page | undefined

const CANVAS = { size: 1200, grain: 24 }
const family = (stain: string) => families.find((f) => f.stain === stain)!

/** A TIFF of `tile` at `mpp` microns per pixel (its resolution tags). */
const tiffOf = (tile: RgbTile, mpp: number) =>
  sharp(Buffer.from(tile.data), { raw: { width: tile.width, height: tile.height, channels: 3 } })
    .tiff({ xres: 1000 / mpp, yres: 1000 / mpp, resolutionUnit: "cm" })
    .toBuffer()

const item = (p: Page, name: string) => p.getByTestId("lab-item").filter({ hasText: name })
const tagsOf = (p: Page, name: string) =>
  item(p, name)
    .getByRole("list", { name: /Auto tags|Tag otomatis/ })
    .getByRole("listitem")

const search = async (p: Page, words: string, labels = { open: "Search labs", field: "Lab name", submit: "Search" }) => {
  await p.getByRole("button", { name: labels.open }).first().click()
  const dialog = p.getByRole("dialog")
  await dialog.getByLabel(labels.field).fill(words)
  await dialog.getByRole("button", { name: labels.submit, exact: true }).click()
  await dialog.waitFor({ state: "detached" })
}

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Pathologist")
  folderId = (await createFolder(world.server, ada, "Cases")).id
  files = mkdtempSync(join(tmpdir(), "auto-tagging-"))
  writeFileSync(join(files, "biopsy-a.tif"), await tiffOf(family("he").tile(0.45, CANVAS), 0.5))
  writeFileSync(join(files, "cells.tif"), await tiffOf(family("fluorescence").tile(0.6, CANVAS), 1))
  // A second slide beside it, uploaded over the API: the search must leave it out.
  const dab = await uploadWhole(
    world.server,
    ada,
    folderId,
    "case-7.tif",
    new Uint8Array(await tiffOf(family("ihc-dab").tile(0.3, CANVAS), 0.25))
  )
  expect(dab.status, JSON.stringify(dab.body)).toBe(201)
  await waitForStatus(world.server, ada, dab.body.data.lab.id, ["ready"], 60_000)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(async () => {
  await stopWorld(world)
  if (files) rmSync(files, { recursive: true, force: true })
})

snapWhenFailed("auto-tagging", () => ({ ada: page, phone }))

describe("auto tagging", () => {
  it("a paid user's upload shows its stain, magnification and tissue once ready, and the details list them", async () => {
    await signIn(page, ada)
    await page.goto(`/dashboard/labs/${folderId}`)
    await item(page, "case-7.tif").waitFor()
    await page.getByTestId("upload-input").setInputFiles(join(files, "biopsy-a.tif"))
    await expect
      .poll(() => tagsOf(page, "biopsy-a.tif").allTextContents(), { timeout: 60_000 })
      .toEqual(["H&E", "20x", expect.stringMatching(/^Tissue \d+%$/)])
    const tissue = Number(/(\d+)%/.exec((await tagsOf(page, "biopsy-a.tif").nth(2).textContent()) ?? "")![1])
    expect(Math.abs(tissue - 45)).toBeLessThanOrEqual(3)
    expect(await tagsOf(page, "case-7.tif").allTextContents()).toEqual(["IHC-DAB", "40x", expect.stringMatching(/^Tissue \d+%$/)])
    await settled(page)
    await snap(page, "auto-tagging-01-list")
    await expectAccessible(page, "the labs grid with auto tags")

    await page.getByRole("checkbox", { name: "Select biopsy-a.tif" }).check()
    await page.getByRole("button", { name: "Details", exact: true }).click()
    const details = page.locator("#right-panel").getByRole("list", { name: "Auto tags" })
    await expect
      .poll(() => details.getByRole("listitem").allTextContents(), { timeout: 10_000 })
      .toEqual(["H&E", "20x", `Tissue ${tissue}%`])
    await settled(page)
    await snap(page, "auto-tagging-02-details")
    await expectAccessible(page, "the details panel with auto tags")
  })

  it("at All Files, which has no channel of its own, the tags come with the upload's ready status", async () => {
    await page.goto("/dashboard/labs")
    await item(page, "Cases").waitFor()
    await page.getByTestId("upload-input").setInputFiles(join(files, "cells.tif"))
    await expect
      .poll(() => tagsOf(page, "cells.tif").allTextContents(), { timeout: 60_000 })
      .toEqual(["Fluorescence", "10x", expect.stringMatching(/^Tissue \d+%$/)])
    await settled(page)
    await snap(page, "auto-tagging-02b-root")
  })

  it("finds the slide by a tag's name in the labs search", async () => {
    await search(page, "H&E")
    await expectUrl(page, /search=H%26E/)
    await item(page, "biopsy-a.tif").waitFor()
    expect(await page.getByTestId("lab-item").count()).toBe(1)
    await settled(page)
    await snap(page, "auto-tagging-03-search")
    // The list view carries them beside the name.
    await page.getByRole("button", { name: "List view" }).click()
    expect(await tagsOf(page, "biopsy-a.tif").allTextContents()).toEqual(["H&E", "20x", expect.stringMatching(/^Tissue \d+%$/)])
    await settled(page)
    await snap(page, "auto-tagging-03b-search-list")
  })

  it("shows the tags in Indonesian on a phone, and finds the slide by HE", async () => {
    phone = await (await world.browser.newContext({ baseURL: world.server.url, viewport: { width: 390, height: 844 } })).newPage()
    await signIn(phone, ada)
    await phone.goto(`/id/dashboard/labs/${folderId}`)
    await expect
      .poll(() => tagsOf(phone!, "biopsy-a.tif").allTextContents(), { timeout: 20_000 })
      .toEqual(["HE", "20x", expect.stringMatching(/^Jaringan \d+%$/)])
    await settled(phone)
    await snap(phone, "auto-tagging-04-phone-id")
    await expectAccessible(phone, "the labs grid with auto tags on a phone, in Indonesian")
    await search(phone, "HE", { open: "Cari lab", field: "Nama lab", submit: "Cari" })
    await item(phone, "biopsy-a.tif").waitFor()
    expect(await phone.getByTestId("lab-item").count()).toBe(1)
    await settled(phone)
    await snap(phone, "auto-tagging-05-phone-search-id")
  })
})
