// Slide uploads in Chromium against the real server: the owner uploads a 27 MB TIFF through the
// file input in 8 MiB chunks; the server is stopped halfway and the progress panel waits; once the
// server is back the upload continues from the server's offset and the stored original is byte for
// byte the file (sha256); the thumbnail appears in the grid without a reload, and an admin watching
// the same folder sees the new slide go from uploading to ready live. A drop onto the page uploads
// too; a reload during an upload resumes it from IndexedDB. A reviewer has no upload button and the
// server refuses them with the spec's message (so does it an admin demoted while their page still
// offered the button); a PDF named .tif and a full quota get their messages.
//
// Uploads are slowed to a few MB/s with Chromium's network emulation, so "halfway" is a moment a
// test can reach on loopback. The SPA is the one built into `dist` (or STATIC_DIR).
import { createHash, randomUUID } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, CDPSession, Locator, Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { PASSWORD, type SignedIn } from "../support/api.ts"
import { freePort, type StartedServer } from "../support/start-server.ts"
import { createFolder, insertFile, person, share } from "../server/support/labs-api.ts"
import { restartable, sendChunk, smallImage } from "../server/support/slides-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { launchBrowser, snap } from "./support/browser.ts"
import { tissue } from "./support/tissue.ts"
import { expectUrl } from "./support/session.ts"

const NOT_ALLOWED = "You are not allowed to upload in this laboratory"
const BAD_FORMAT = "This is not an image Preparat reads. Upload JPEG, PNG, WebP, TIFF (BigTIFF too), SVS or DICOM files."
const FULL = "Not enough storage: 1000 B left, and this file needs more. Delete files or upgrade your storage, then retry."
/** Bytes per second the browser may send: a 27 MB file takes about eighteen seconds. */
const THROTTLE = 1.5 * 1024 * 1024
/** While the test looks at a file on its way: its next 8 MiB chunk would take minutes. */
const CRAWL = 32 * 1024

let servers: Awaited<ReturnType<typeof restartable>>
let server: StartedServer
let port = 0
let browser: Browser
const contexts: BrowserContext[] = []
let files = ""
let owner: Page
let admin: Page
let reviewer: Page
let ada: SignedIn
let bob: SignedIn
let cy: SignedIn
let folderId = ""
let bobMembership = ""

const start = async () => {
  server = await servers.start({ PORT: String(port), STATIC_DIR: process.env.STATIC_DIR ?? "dist" })
  return server
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** An uncompressed TIFF (three bytes a pixel: 3000x3000 is 27 MB), written where the file input can take it. */
const tiffFile = async (name: string, width: number, height: number, seed: number) => {
  const pixels = await tissue(width, height, seed)
  const bytes = new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .tiff({ compression: "none" })
      .toBuffer()
  )
  const path = join(files, name)
  writeFileSync(path, bytes)
  return { path, bytes, name }
}

const signedInPage = async (account: SignedIn): Promise<Page> => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } })
  contexts.push(context)
  const page = await context.newPage()
  await page.goto("/login")
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectUrl(page, /\/dashboard\/labs$/)
  return page
}

const devtools = new WeakMap<Page, CDPSession>()

/** Slows the page's uploads (Chromium's network emulation, as DevTools' throttling). */
const throttle = async (page: Page, bytesPerSecond: number) => {
  // One DevTools session a page, so a later rate replaces the earlier one rather than stacking.
  let cdp = devtools.get(page)
  if (!cdp) {
    cdp = await page.context().newCDPSession(page)
    await cdp.send("Network.enable")
    devtools.set(page, cdp)
  }
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond
  })
}

const tokenOf = async (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("preparat.tokens") ?? "{}") as { access: string }).access)

const item = (page: Page, name: string) => page.getByTestId("lab-item").filter({ hasText: name })
const uploadRow = (page: Page, name: string) => page.getByTestId("upload-row").filter({ hasText: name })
const stateOf = (row: Locator) => row.getAttribute("data-state")
const percentOf = async (row: Locator) =>
  Number(
    (await row
      .getByRole("progressbar")
      .getAttribute("aria-valuenow")
      .catch(() => "0")) ?? "0"
  )

/** A mark on the window that a reload or navigation would wipe: what changed, changed live. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { unreloaded: boolean }).unreloaded = true
  })
const stillUnreloaded = (page: Page) => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true)

/** The lab id a grid tile links to (/dashboard/labs/<id>/annotations). */
const labIdOf = async (page: Page, name: string): Promise<string> => {
  const href = await item(page, name).getByRole("link").first().getAttribute("href")
  const id = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1]
  if (id === undefined) throw new Error(`no slide link for ${name}: ${href}`)
  return id
}

const originalOf = async (page: Page, labId: string): Promise<Uint8Array> => {
  const reply = await fetch(`${server.url}/v2/slides/${labId}/original/`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
  expect(reply.status).toBe(200)
  return new Uint8Array(await reply.arrayBuffer())
}

/** The grid tile's picture once the slide is ready: the 312x281 thumbnail from the media route. */
const thumbnailOf = (page: Page, name: string) => item(page, name).locator("img[src*='slide_thumb_312x281']")

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "preparat-e2e-uploads-"))
  servers = await restartable()
  port = await freePort()
  await start()
  browser = await launchBrowser()
  ada = await person(server, "Ada Lovelace")
  bob = await person(server, "Bob Marley")
  cy = await person(server, "Cy Twombly")
  const folder = await createFolder(server, ada, "Liver biopsies")
  folderId = folder.id
  bobMembership = await share(server, ada, folderId, bob, "admin")
  await share(server, ada, folderId, cy, "reviewer")
  owner = await signedInPage(ada)
  admin = await signedInPage(bob)
  reviewer = await signedInPage(cy)
  for (const page of [owner, admin, reviewer]) await page.goto(`/dashboard/labs/${folderId}`)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await servers?.dispose()
  rmSync(files, { recursive: true, force: true })
})

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    for (const [who, page] of [
      ["owner", owner],
      ["admin", admin],
      ["reviewer", reviewer]
    ] as const) {
      await snap(page, `failed-uploads-${who}-${task.name.replace(/\W+/g, "-")}`).catch(() => undefined)
    }
  }
})

describe("slide uploads", () => {
  it("uploads a 27 MB TIFF in chunks through a server restart, byte for byte, and shows it live to both users", async () => {
    const tiff = await tiffFile("Liver biopsy H&E.tif", 3000, 3000, 11)
    await markPage(owner)
    await markPage(admin)
    await throttle(owner, THROTTLE)
    await owner.getByTestId("upload-input").setInputFiles(tiff.path)

    const row = uploadRow(owner, tiff.name)
    await row.waitFor()
    // Past the first 8 MiB chunk (31 %): the server holds part of the file.
    await expect.poll(() => percentOf(row), { timeout: 30_000 }).toBeGreaterThanOrEqual(33)
    // Slowed to a crawl for the checks below, so the file is still on its way when the server stops,
    // however long the screenshots and accessibility checks take on a slow machine.
    await throttle(owner, CRAWL)
    expect(await owner.getByTestId("upload-panel-title").textContent()).toMatch(/^Uploading 1 file · \d+%$/)
    // The admin watching the folder sees the new slide appear, still uploading, without a reload.
    await expect.poll(() => item(admin, tiff.name).getByTestId("lab-status").textContent(), { timeout: 10_000 }).toBe("Uploading")
    await snap(owner, "u01-panel-expanded")
    await expectAccessible(owner, "u01-panel-expanded")
    await snap(admin, "u02-admin-sees-uploading")
    await expectAccessible(admin, "u02-admin-sees-uploading")
    // Still sending: the server stops with part of the file there and a chunk on its way.
    expect(await stateOf(row)).toBe("sending")

    // Stopped as a crash would: the chunk on its way is cut off.
    await server.stop({ abrupt: true })
    try {
      await expect.poll(() => stateOf(row), { timeout: 15_000 }).toMatch(/^(waiting|resyncing)$/)
      await expect.poll(() => row.textContent()).toMatch(/Connection lost|Reconnecting/)
      await expect.poll(() => owner.getByTestId("upload-panel-title").textContent()).toMatch(/^Waiting for the connection · \d+%$/)
      await snap(owner, "u03-panel-waiting")
      await expectAccessible(owner, "u03-panel-waiting")
      await owner.getByRole("button", { name: "Collapse the upload panel" }).click()
      await expect.poll(() => owner.getByTestId("upload-panel").getAttribute("data-expanded")).toBe("false")
      expect(await uploadRow(owner, tiff.name).count()).toBe(0)
      await snap(owner, "u04-panel-collapsed")
      await expectAccessible(owner, "u04-panel-collapsed")
      await owner.getByRole("button", { name: "Expand the upload panel" }).click()
    } finally {
      await start()
    }
    await throttle(owner, THROTTLE)
    await expect.poll(() => stateOf(row), { timeout: 60_000 }).toMatch(/^(processing|ready)$/)
    await expect.poll(() => stateOf(row), { timeout: 120_000 }).toBe("ready")
    await expect.poll(() => owner.getByTestId("upload-panel-title").textContent()).toBe("1 upload complete")

    // The stored original is the file, byte for byte, though the server stopped halfway.
    const labId = await labIdOf(owner, tiff.name)
    expect(sha256(await originalOf(owner, labId))).toBe(sha256(tiff.bytes))

    // Both grids show the thumbnail without a reload, though their channels were resubscribing when the
    // server may have published "ready": a channel that is live again has its list read again.
    await thumbnailOf(owner, tiff.name).waitFor({ state: "attached", timeout: 30_000 })
    await thumbnailOf(admin, tiff.name).waitFor({ state: "attached", timeout: 30_000 })
    expect(await stillUnreloaded(owner)).toBe(true)
    expect(await stillUnreloaded(admin)).toBe(true)
    await snap(owner, "u05-ready-thumbnail")
    await expectAccessible(owner, "u05-ready-thumbnail")
    await snap(admin, "u06-admin-sees-ready")
    await expectAccessible(admin, "u06-admin-sees-ready")
  })

  it("files dropped onto the folder upload into it", async () => {
    const png = new Uint8Array(
      await sharp(await tissue(1200, 900, 7), { raw: { width: 1200, height: 900, channels: 3 } })
        .png()
        .toBuffer()
    )
    const transfer = await owner.evaluateHandle(
      (bytes) => {
        const data = new DataTransfer()
        data.items.add(new File([new Uint8Array(bytes)], "Kidney cortex.png", { type: "image/png" }))
        return data
      },
      [...png]
    )
    await owner.dispatchEvent("main", "dragenter", { dataTransfer: transfer })
    const overlay = owner.getByTestId("drop-overlay")
    await overlay.waitFor()
    expect(await overlay.textContent()).toContain("Drop slides to upload to Liver biopsies")
    await snap(owner, "u07-drop-overlay")
    await expectAccessible(owner, "u07-drop-overlay")
    await owner.dispatchEvent("main", "drop", { dataTransfer: transfer })
    await overlay.waitFor({ state: "detached" })
    await expect.poll(() => stateOf(uploadRow(owner, "Kidney cortex.png")), { timeout: 60_000 }).toBe("ready")
    await thumbnailOf(owner, "Kidney cortex.png").waitFor({ timeout: 30_000 })
  })

  it("a reload during an upload resumes it where the server is", async () => {
    const tiff = await tiffFile("Colon polyp.tif", 2400, 2400, 29)
    await owner.getByTestId("upload-input").setInputFiles(tiff.path)
    const row = uploadRow(owner, tiff.name)
    // 8 MiB of 17 MB (48 %) are on the server once the bar passes 50 %.
    await expect.poll(() => percentOf(row), { timeout: 30_000 }).toBeGreaterThanOrEqual(50)
    await owner.reload()
    await throttle(owner, THROTTLE)
    // Restored from IndexedDB: the same file, continuing rather than starting over.
    await uploadRow(owner, tiff.name).waitFor({ timeout: 15_000 })
    // The storage meter, read while the upload is in flight, says what the upload holds of the quota.
    const held = owner.getByTestId("storage-reserved")
    await held.waitFor({ timeout: 15_000 })
    expect(await held.textContent()).toMatch(/^16\.\d\d MB held by uploads in progress$/)
    await snap(owner, "upload-resumed-storage-held")
    await expect.poll(() => stateOf(row), { timeout: 120_000 }).toBe("ready")
    const labId = await labIdOf(owner, tiff.name)
    expect(sha256(await originalOf(owner, labId))).toBe(sha256(tiff.bytes))
    expect(await item(owner, tiff.name).count()).toBe(1)
    await thumbnailOf(owner, tiff.name).waitFor({ timeout: 30_000 })
  })

  it("a reviewer has no upload button and the server refuses their upload with the spec's message", async () => {
    await reviewer.reload()
    await item(reviewer, "Liver biopsy H&E.tif").waitFor()
    expect(await reviewer.getByTestId("upload-button").count()).toBe(0)
    const png = await smallImage("png")
    const refused = await sendChunk(server, cy, { labId: folderId, filename: "sneaky.png", file: png, start: 0, end: png.length - 1 })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(NOT_ALLOWED)
    await snap(reviewer, "u08-reviewer-no-upload")
    await expectAccessible(reviewer, "u08-reviewer-no-upload")
  })

  it("an admin demoted during their upload sees the upload button go and the upload refused with the spec's message", async () => {
    const tiff = await tiffFile("Spleen.tif", 2400, 2400, 43)
    await throttle(admin, THROTTLE)
    await admin.getByTestId("upload-input").setInputFiles(tiff.path)
    const row = uploadRow(admin, tiff.name)
    // Three chunks: the demotion lands while the second is on its way, so the third is refused.
    await expect.poll(() => percentOf(row), { timeout: 30_000 }).toBeGreaterThanOrEqual(50)
    const demoted = await fetch(`${server.url}/v2/members/${bobMembership}/`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${ada.access}` },
      body: JSON.stringify({ role_member: "reviewer" })
    })
    expect(demoted.status).toBe(200)
    await admin.getByTestId("upload-button").waitFor({ state: "detached", timeout: 15_000 })
    await expect.poll(() => stateOf(row), { timeout: 30_000 }).toBe("failed")
    expect(await row.getByRole("alert").textContent()).toBe(NOT_ALLOWED)
    expect(await row.getByRole("button", { name: `Retry upload of ${tiff.name}` }).count()).toBe(0)
    expect(await admin.getByTestId("upload-panel-title").textContent()).toBe("Upload failed")
    await snap(admin, "u09-not-allowed")
    await expectAccessible(admin, "u09-not-allowed")
  })

  it("a PDF named .tif gets the not-an-image message, with the formats that are", async () => {
    const path = join(files, "Report.tif")
    writeFileSync(path, `%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n${"x".repeat(4000)}\n%%EOF\n`)
    await owner.getByTestId("upload-input").setInputFiles(path)
    const row = uploadRow(owner, "Report.tif")
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe("failed")
    expect(await row.getByRole("alert").textContent()).toBe(BAD_FORMAT)
    expect(await item(owner, "Report.tif").count()).toBe(0)
  })

  it("a full storage gets the storage message, with what is left", async () => {
    // Fills the quota to its last 1000 bytes whatever the earlier steps stored, so the message's figure is known.
    const usage = await fetch(`${server.url}/v2/pricing/plan/storage/`, { headers: { authorization: `Bearer ${ada.access}` } })
    const { total_used, total_storage } = (await usage.json()).data as { total_used: number; total_storage: number }
    await insertFile(server, {
      id: randomUUID(),
      ownerId: ada.id,
      parentId: null,
      name: "Whole-slide archive",
      size: total_storage - total_used - 1000
    })
    const path = join(files, "Lung.png")
    writeFileSync(path, await smallImage("png"))
    await owner.getByTestId("upload-input").setInputFiles(path)
    const row = uploadRow(owner, "Lung.png")
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe("failed")
    expect(await row.getByRole("alert").textContent()).toBe(FULL)
    // Retrying may help once space is freed: the row offers it.
    expect(await row.getByRole("button", { name: "Retry upload of Lung.png" }).count()).toBe(1)
    expect(await owner.getByTestId("upload-panel-title").textContent()).toBe("1 complete · 2 failed")
    await snap(owner, "u10-messages")
    await expectAccessible(owner, "u10-messages")
  })

  it("the grid and the table show the slides with their thumbnails", async () => {
    await owner.getByRole("button", { name: "Close the upload panel" }).click()
    await owner.getByTestId("upload-panel").waitFor({ state: "detached" })
    await snap(owner, "u11-grid-thumbnails")
    await expectAccessible(owner, "u11-grid-thumbnails")
    await owner.getByRole("button", { name: "List view" }).click()
    await owner.locator("table img[src*='slide_thumb']").first().waitFor()
    await snap(owner, "u12-table-thumbnails")
    await expectAccessible(owner, "u12-table-thumbnails")
    await owner.getByRole("button", { name: "Grid view" }).click()
  })
})
