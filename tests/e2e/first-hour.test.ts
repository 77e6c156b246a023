// The first hour of a new user (issue 16), in Chromium against the real server: a colleague's link
// survives sign-in, 2FA and activation; a session the server ended says so and comes back to the same
// place; a missing or forbidden lab is said once, with the way home and no realtime subscription.
// Screenshots at 1440x900 and 390x844, in English and Indonesian.
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { BrowserContext, Page, Request } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, PASSWORD, type SignedIn, signIn } from "../support/api.ts"
import { createFolder, type Folder } from "../server/support/labs-api.ts"
import { type ReadySlide, readySlide } from "../server/support/ready-slide.ts"
import { snap } from "./support/browser.ts"
import { expectUrl, fillSignIn, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let folder: Folder
let slide: ReadySlide
const contexts: BrowserContext[] = []
const pages: Page[] = []

const WIDE = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

const newPage = async (viewport = WIDE, cookie?: "en" | "id"): Promise<Page> => {
  const context = await world.browser.newContext({ baseURL: world.server.url, viewport, locale: "en-US" })
  if (cookie) await context.addCookies([{ name: "lang", value: cookie, url: world.server.url }])
  contexts.push(context)
  const page = await context.newPage()
  page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`))
  pages.push(page)
  return page
}

const slideUrl = (id: string) => `/dashboard/labs/${id}/annotations`

/** Every realtime channel authorisation the page asks for, by channel name. */
const watchChannelAuth = (page: Page): string[] => {
  const asked: string[] = []
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname === "/v2/realtime/auth/") asked.push(request.postData() ?? "")
  })
  return asked
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada@first-hour.example" })
  folder = await createFolder(world.server, ada, "Liver biopsies")
  slide = await readySlide(world.server, { ownerId: ada.id, parentId: folder.id, name: "Biopsy 12.png" })
})

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stopWorld(world)
})

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    for (const [i, page] of pages.entries())
      if (!page.isClosed()) await snap(page, `failed-first-hour-${i}-${task.name.replace(/\W+/g, "-")}`).catch(() => undefined)
  }
})

describe("links survive sign-in", () => {
  it("a colleague's link to a slide, opened signed out, goes to sign-in and then to the slide", async () => {
    const page = await newPage()
    await page.goto(`${slideUrl(slide.labId)}?from=mail`)
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `${slideUrl(slide.labId)}?from=mail`)
    expect(await page.getByText("Slide not found").count()).toBe(0)
    await snap(page, "fh01-slide-link-signed-out")
    await fillSignIn(page, ada.email)
    await page.waitForURL((url) => url.pathname === slideUrl(slide.labId) && url.search === "?from=mail")
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await snap(page, "fh02-slide-after-sign-in")
  })

  it("any signed-in page keeps its place, in Indonesian too, on a phone", async () => {
    const page = await newPage(PHONE)
    await page.goto("/id/dashboard/setting/activities")
    await page.waitForURL((url) => url.pathname === "/id/login" && url.searchParams.get("next") === "/dashboard/setting/activities")
    await snap(page, "fh03-id-phone-login-keeps-place")
    await fillSignIn(page, ada.email, { email: "Email", password: "Kata sandi", submit: "Masuk" })
    await expectUrl(page, /\/id\/dashboard\/setting\/activities$/)
  })

  it("refuses to send anyone to another host after sign-in", async () => {
    for (const next of ["//evil.example/steal", "https://evil.example/", "/\\evil.example"]) {
      const page = await newPage()
      await page.goto(`/login?next=${encodeURIComponent(next)}`)
      await fillSignIn(page, ada.email)
      await expectUrl(page, /\/dashboard\/labs$/)
      expect(new URL(page.url()).host).toBe(new URL(world.server.url).host)
      await page.context().close()
    }
  })

  it("keeps the place through registration and activation", async () => {
    const page = await newPage()
    await page.goto(`/dashboard/labs/${folder.id}`)
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/dashboard/labs/${folder.id}`)
    await page.getByRole("link", { name: "Create an account" }).click()
    await expectUrl(page, /\/register\?next=/)
    const email = "grace@first-hour.example"
    await page.getByLabel("Full name").fill("Grace Hopper")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
    await page.getByLabel("Confirm password").fill(PASSWORD)
    await page.getByRole("checkbox").check()
    await page.getByRole("button", { name: "Create account" }).click()
    await expectUrl(page, /\/registered/)
    const mail = await world.server.latestMail(email)
    const activation = mail.links.find((l) => l.includes("/v2/auth/activate/"))!
    await page.goto(activation)
    await expectUrl(page, /\/verify\?next=/)
    await page.getByRole("link", { name: "Sign in" }).click()
    await fillSignIn(page, email)
    // Grace may not see Ada's folder: she lands on its page, which says so, not on a sign-in loop.
    await expectUrl(page, new RegExp(`/dashboard/labs/${folder.id}$`))
    await page.getByTestId("lab-missing").waitFor()
  })

  it("a session the server ended says so and comes back to the same place", async () => {
    const page = await newPage()
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.goto(`/dashboard/labs/${folder.id}?search=`)
    await page.getByTestId("lab-item").first().waitFor()
    // Signed out elsewhere with this browser's refresh token: every token of the session ends.
    const refresh = await page.evaluate(() => (JSON.parse(localStorage.getItem("preparat.tokens") ?? "{}") as { refresh: string }).refresh)
    expect((await api(world.server).post("/v2/auth/logout/", { refresh })).status).toBeLessThan(300)
    await page.reload()
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/dashboard/labs/${folder.id}?search=`)
    await page.getByText("Your session ended. Sign in again to go back to where you were.").waitFor()
    expect(await page.getByText(/not found/i).count()).toBe(0)
    await snap(page, "fh04-session-ended")
    await fillSignIn(page, ada.email)
    await page.waitForURL((url) => url.pathname === `/dashboard/labs/${folder.id}`)
    await page.getByTestId("lab-item").first().waitFor()
  })

  it("a session ending while the page is open goes to sign-in with the place, in Indonesian", async () => {
    const page = await newPage(PHONE)
    await page.goto("/id/login")
    await fillSignIn(page, ada.email, { email: "Email", password: "Kata sandi", submit: "Masuk" })
    await expectUrl(page, /\/id\/dashboard\/labs$/)
    await page.goto("/id/dashboard/trash")
    const refresh = await page.evaluate(() => (JSON.parse(localStorage.getItem("preparat.tokens") ?? "{}") as { refresh: string }).refresh)
    await api(world.server).post("/v2/auth/logout/", { refresh })
    // The next call the page makes (an in-app move, no reload) finds the session gone.
    await page.evaluate(() => {
      history.pushState(null, "", "/id/dashboard/favorite")
      dispatchEvent(new PopStateEvent("popstate"))
    })
    await page.waitForURL((url) => url.pathname === "/id/login" && url.searchParams.get("next") === "/dashboard/favorite", {
      timeout: 20_000
    })
    await page.getByText("Sesi Anda telah berakhir. Masuk lagi untuk kembali ke halaman tadi.").waitFor()
    await snap(page, "fh05-id-phone-session-ended")
  })
})

describe("the language cookie everywhere", () => {
  it("with Indonesian remembered, a signed-in page without a prefix opens in Indonesian from the first answer", async () => {
    const page = await newPage(WIDE, "id")
    const documents: Array<{ path: string; status: number }> = []
    page.on("response", (response) => {
      if (response.request().resourceType() === "document")
        documents.push({ path: new URL(response.url()).pathname, status: response.status() })
    })
    await page.goto("/dashboard/labs")
    await page.waitForURL((url) => url.pathname === "/id/login" && url.searchParams.get("next") === null)
    // No English page was ever sent: the server's first answer was the redirect.
    expect(documents[0]).toEqual({ path: "/dashboard/labs", status: 302 })
    await fillSignIn(page, ada.email, { email: "Email", password: "Kata sandi", submit: "Masuk" })
    await expectUrl(page, /\/id\/dashboard\/labs$/)
    await page.goto(`/dashboard/labs/${folder.id}`)
    await expectUrl(page, new RegExp(`/id/dashboard/labs/${folder.id}$`))
    await page.getByTestId("lab-item").first().waitFor()
    expect(await page.locator("html").getAttribute("lang")).toBe("id")
    await snap(page, "fh09-id-cookie-folder")
  })

  it("an /id link wins over an English cookie, and is remembered", async () => {
    const page = await newPage(PHONE, "en")
    await page.goto("/id/login")
    await page.getByRole("button", { name: "Masuk" }).waitFor()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("id")
    await page.goto("/register")
    await expectUrl(page, /\/id\/register$/)
  })
})

describe("invitations reach people", () => {
  it("an existing user gets the mail in their language with the lab's link, and marks the bell's items read", async () => {
    const cid = await createSignedIn(world.server, { name: "Cid Kagenou", email: "cid@first-hour.example" })
    // Cid signs in from the Indonesian pages: his mails speak Indonesian.
    const page = await newPage(WIDE, "id")
    await page.goto("/id/login")
    await fillSignIn(page, cid.email, { email: "Email", password: "Kata sandi", submit: "Masuk" })
    await expectUrl(page, /\/id\/dashboard\/labs$/)
    const before = await world.server.latestMail(cid.email)
    // A fresh session: the session-ended tests above signed Ada out everywhere.
    const inviter = await signIn(world.server, ada)
    for (const name of ["Kidney", "Spleen"]) {
      const lab = await createFolder(world.server, inviter, name)
      const reply = await api(world.server).post(
        "/v2/members/invites/",
        { lab_id: lab.id, email: [cid.email], role_member: "reviewer", locale: "en" },
        { token: inviter.access }
      )
      expect(reply.status).toBe(200)
    }
    // Both invitations are mailed (in the background); the one about Spleen is read here.
    const invitationsTo = async () =>
      (await world.server.mails()).filter((m) => m.to.includes(cid.email) && m.file > before.file && m.subject.includes("diundang"))
    await expect.poll(async () => (await invitationsTo()).length, { timeout: 10_000 }).toBe(2)
    const mail = (await invitationsTo()).find((m) => m.text.includes('"Spleen"'))!
    expect(mail.subject).toBe("Anda diundang ke sebuah lab di Preparat")
    expect(mail.text).toContain('"Ada Lovelace"')
    const link = mail.links.find((l) => l.includes("/id/dashboard/labs/"))!
    expect(link).toBeDefined()

    await page.getByTestId("notification-unread").waitFor({ timeout: 10_000 })
    await page.getByTestId("notification-bell").click()
    await page.getByText("2 belum dibaca").waitFor()
    await snap(page, "fh10-id-bell-two-unread")
    await page.getByRole("button", { name: "Tandai semua dibaca" }).click()
    await expect.poll(() => page.getByTestId("notification-unread").count()).toBe(0)
    // The server holds it too: after a reload nothing is unread.
    await page.reload()
    await page.getByTestId("notification-bell").waitFor()
    await page.waitForTimeout(1000)
    expect(await page.getByTestId("notification-unread").count()).toBe(0)

    // The mail's link opens the lab.
    await page.goto(link)
    await page.getByRole("heading", { name: "Spleen" }).waitFor()
  })
})

describe("pages that say what happened", () => {
  it("the activities page speaks in sentences naming the lab, grouped by day, in both languages", async () => {
    const dee = await createSignedIn(world.server, { name: "Dee Ramirez", email: "dee@first-hour.example" })
    const kept = await createFolder(world.server, dee, "Kidney sections")
    const binned = await createFolder(world.server, dee, "Old scans")
    await fetch(`${world.server.url}/v2/labs/${binned.id}/`, { method: "DELETE", headers: { authorization: `Bearer ${dee.access}` } })
    for (const [viewport, lang] of [
      [WIDE, "en"],
      [PHONE, "id"]
    ] as const) {
      const page = await newPage(viewport, lang)
      const prefix = lang === "id" ? "/id" : ""
      await page.goto(`${prefix}/login`)
      await fillSignIn(page, dee.email, lang === "id" ? { email: "Email", password: "Kata sandi", submit: "Masuk" } : undefined)
      await expectUrl(page, /\/dashboard\/labs$/)
      await page.goto(`${prefix}/dashboard/setting/activities`)
      const sentence = lang === "id" ? "Anda memindahkan Old scans ke File Terhapus" : "You moved Old scans to Deleted Files"
      await page.getByText(sentence).waitFor()
      expect(await page.getByText("lab.trashed").count()).toBe(0)
      expect(await page.getByRole("heading", { name: lang === "id" ? "Hari ini" : "Today" }).count()).toBe(1)
      // The folder that still exists is a link to it; the one in the trash is not.
      const link = page.getByRole("link", { name: "Kidney sections" })
      expect(await link.count()).toBe(1)
      expect(await page.getByRole("link", { name: "Old scans" }).count()).toBe(0)
      await snap(page, `fh11-activities-${lang}-${viewport.width}`)
      await link.click()
      await expectUrl(page, new RegExp(`/dashboard/labs/${kept.id}$`))
      // The sidebar's words are plain English.
      if (lang === "en")
        for (const name of ["All Files", "Recently Accessed", "Deleted Files"])
          expect(await page.getByRole("link", { name }).count(), name).toBeGreaterThan(0)
    }
  })
})

describe("errors that name the cause", () => {
  it("a text file and a damaged TIFF get different words, in both languages", async () => {
    const eli = await createSignedIn(world.server, { name: "Eli Cohen", email: "eli@first-hour.example" })
    const dir = mkdtempSync(join(tmpdir(), "first-hour-"))
    const notes = join(dir, "notes.txt")
    writeFileSync(notes, "Liver biopsy, week 12: nothing remarkable.\n")
    // A TIFF header the server recognises, then bytes no decoder can read.
    const damaged = join(dir, "Biopsy-damaged.tif")
    const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0b, 0x00])
    writeFileSync(damaged, Buffer.concat([header, Buffer.alloc(20_000, 0x5a)]))
    for (const [viewport, lang] of [
      [WIDE, "en"],
      [PHONE, "id"]
    ] as const) {
      const page = await newPage(viewport, lang)
      const prefix = lang === "id" ? "/id" : ""
      await page.goto(`${prefix}/login`)
      await fillSignIn(page, eli.email, lang === "id" ? { email: "Email", password: "Kata sandi", submit: "Masuk" } : undefined)
      await expectUrl(page, /\/dashboard\/labs$/)
      await page.getByTestId("upload-input").setInputFiles([notes, damaged])
      const rowOf = (name: string) => page.getByTestId("upload-row").filter({ hasText: name })
      await expect.poll(() => rowOf("notes.txt").getAttribute("data-state"), { timeout: 15_000 }).toBe("failed")
      await expect.poll(() => rowOf("Biopsy-damaged.tif").getAttribute("data-state"), { timeout: 30_000 }).toBe("failed")
      const said = async (name: string) => (await rowOf(name).getByRole("alert").textContent()) ?? ""
      if (lang === "en") {
        expect(await said("notes.txt")).toBe(
          "This is not an image Preparat reads. Upload JPEG, PNG, WebP, TIFF (BigTIFF too), SVS or DICOM files."
        )
        expect(await said("Biopsy-damaged.tif")).toMatch(/^This file is in a format Preparat reads, but its image could not be decoded/)
      } else {
        expect(await said("notes.txt")).toMatch(/^Ini bukan gambar yang dapat dibaca Preparat/)
        expect(await said("Biopsy-damaged.tif")).toMatch(/^Format file ini dapat dibaca Preparat/)
      }
      await snap(page, `fh12-upload-causes-${lang}-${viewport.width}`)
    }
    rmSync(dir, { recursive: true, force: true })
  })
})

describe("small things", () => {
  it("after sign-in something shows at once: the page's skeleton, never a blank screen", async () => {
    const page = await newPage()
    await page.goto("/login")
    await page.getByLabel("Email").fill(ada.email)
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
    // Each 25 ms from the click until the list is there: what the window shows.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { seen: string[] }).seen = seen
      const look = () => {
        const form = document.querySelector("input[type=email]")
        const busy = document.querySelector('[aria-busy="true"]')
        const done = document.querySelector('[data-testid="lab-item"]')
        // biome-ignore lint/performance/useDomNodeTextContent: what is visible is the question, which only innerText answers.
        const text = document.body.innerText.trim().length > 0
        seen.push(done ? "page" : form ? "form" : busy ? "skeleton" : text ? "frame" : "blank")
        if (!done) setTimeout(look, 25)
      }
      document.querySelector("form")?.addEventListener("submit", () => setTimeout(look, 0))
    })
    // A slow connection, where each chunk of the workspace takes a while to come.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 300,
      downloadThroughput: 400_000,
      uploadThroughput: 400_000
    })
    await page.getByRole("button", { name: "Sign in" }).click()
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.getByTestId("lab-item").first().waitFor({ timeout: 30_000 })
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    expect(seen.at(-1)).toBe("page")
    expect(seen.filter((s) => s === "blank").length, seen.join(" ")).toBeLessThanOrEqual(1)
  })
})

describe("small things, continued", () => {
  it("deleting offers Undo in its notice, which brings the folder back", async () => {
    const fay = await createSignedIn(world.server, { name: "Fay Wong", email: "fay@first-hour.example" })
    await createFolder(world.server, fay, "Bone marrow")
    const page = await newPage()
    await page.goto("/login")
    await fillSignIn(page, fay.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    const tile = page.getByTestId("lab-item").filter({ hasText: "Bone marrow" })
    await tile.waitFor()
    await page.getByRole("button", { name: "More actions for Bone marrow" }).first().click()
    await page.getByRole("menuitem", { name: "Delete", exact: true }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click()
    await tile.waitFor({ state: "detached" })
    const undo = page.getByRole("button", { name: "Undo" })
    await undo.waitFor()
    await snap(page, "fh13-undo-offered")
    await undo.click()
    await tile.waitFor()
    await page.getByText("Back from Deleted Files.").waitFor()
    const trash = await api(world.server).get("/v2/labs/trash/", { token: fay.access })
    expect(trash.body.data.results).toEqual([])
  })

  it("the avatar's file input is drawn like the app's buttons, in both languages", async () => {
    for (const [viewport, lang] of [
      [WIDE, "en"],
      [PHONE, "id"]
    ] as const) {
      const page = await newPage(viewport, lang)
      const prefix = lang === "id" ? "/id" : ""
      await page.goto(`${prefix}/login`)
      await fillSignIn(page, ada.email, lang === "id" ? { email: "Email", password: "Kata sandi", submit: "Masuk" } : undefined)
      await expectUrl(page, /\/dashboard\/labs$/)
      await page.goto(`${prefix}/dashboard/setting/profile`)
      // The picker's button is in the page's language and drawn as the app's secondary buttons.
      const chooser = page.locator("label", { hasText: lang === "id" ? "Unggah foto" : "Upload picture" })
      await chooser.waitFor()
      const cancel = page.getByRole("link", { name: lang === "id" ? "Batal" : "Cancel", exact: true })
      const styleOf = (el: Element) => {
        const style = getComputedStyle(el)
        return { font: style.fontFamily, radius: style.borderRadius, border: style.borderTopColor, background: style.backgroundColor }
      }
      expect(await chooser.evaluate(styleOf)).toEqual(await cancel.evaluate(styleOf))
      // Choosing a picture through it shows the preview.
      const dir = mkdtempSync(join(tmpdir(), "first-hour-avatar-"))
      const picture = join(dir, "me.png")
      writeFileSync(
        picture,
        Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")
      )
      await page.locator('input[type="file"]').setInputFiles(picture)
      await page.locator("img[src^='blob:']").first().waitFor()
      rmSync(dir, { recursive: true, force: true })
      await snap(page, `fh14-avatar-input-${lang}-${viewport.width}`)
    }
  })
})

describe("missing or forbidden labs", () => {
  it("a folder that does not exist is said once, with the way home, and nothing is subscribed for it", async () => {
    const page = await newPage()
    const asked = watchChannelAuth(page)
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    const unknown = randomUUID()
    await page.goto(`/dashboard/labs/${unknown}`)
    const missing = page.getByTestId("lab-missing")
    await missing.waitFor()
    expect(await missing.getByText("This folder is not available").count()).toBe(1)
    expect(await page.getByRole("button", { name: /try again|retry/i }).count()).toBe(0)
    await page.waitForTimeout(1500)
    expect(asked.filter((body) => body.includes(unknown))).toEqual([])
    await snap(page, "fh06-folder-missing")
    await missing.getByRole("link", { name: "Go to All Files" }).click()
    await expectUrl(page, /\/dashboard\/labs$/)
  })

  it("a folder not shared with this account reads the same, in Indonesian on a phone", async () => {
    const bob = await createSignedIn(world.server, { name: "Bob Marley", email: "bob@first-hour.example" })
    const page = await newPage(PHONE)
    const asked = watchChannelAuth(page)
    await page.goto("/id/login")
    await fillSignIn(page, bob.email, { email: "Email", password: "Kata sandi", submit: "Masuk" })
    await expectUrl(page, /\/id\/dashboard\/labs$/)
    await page.goto(`/id/dashboard/labs/${folder.id}`)
    await page.getByTestId("lab-missing").getByText("Folder ini tidak tersedia").waitFor()
    await page.waitForTimeout(1500)
    expect(asked.filter((body) => body.includes(folder.id))).toEqual([])
    await snap(page, "fh07-id-phone-folder-forbidden")
    // A slide's URL too: not found, the way home, no retry, nothing subscribed.
    await page.goto(`/id${slideUrl(slide.labId)}`)
    await page.getByTestId("slide-missing").waitFor()
    expect(await page.getByRole("button", { name: /coba lagi/i }).count()).toBe(0)
    expect(asked.filter((body) => body.includes(slide.labId))).toEqual([])
    await snap(page, "fh08-id-phone-slide-forbidden")
  })
})
