// A slide's chat between two people, in Chromium against the real server: Ada (the owner) and Grace
// (a reviewer) write to each other on the slide's chat tab and each message appears live on the other
// screen; links are clickable and markup stays text; while Grace is elsewhere a message of Ada's
// lights her bell and shows a toast whose button opens the slide on its chat; Ada mentions Grace
// from the `@` listbox by keyboard; a long chat loads its older page as Grace scrolls up; a send
// that fails says 'message failed to send' and goes on a retry; and the chat works in Indonesian on
// a phone (390 px). Each step leaves a screenshot.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { openSlide, signInAs, snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
let adaPage: Page
let gracePage: Page

const chatTab = (page: Page, name = /^Chat/) => page.getByRole("tab", { name })
const messages = (page: Page) => page.getByTestId("chat-message")
const input = (page: Page) => page.getByTestId("chat-input")
const openChat = async (page: Page) => {
  await openSlide(page, slideId)
  await chatTab(page).click()
  await page.getByTestId("chat-panel").waitFor()
}
const say = async (page: Page, text: string) => {
  await input(page).fill(text)
  await input(page).press("Enter")
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.chat@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.chat@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Chat cases", file: "Colon biopsy.jpg", dots: 120 })
  slideId = made.slideId
  await share(world.server, ada, made.folderId, grace, "reviewer")
  // Grace's bell starts with nothing unread: the invitation is not what this test is about.
  expect((await api(world.server).post("/v2/notifications/read-all/", undefined, { token: grace.access })).status).toBe(200)
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("chat", () => ({ ada: adaPage, grace: gracePage }))

describe("chat on a slide", () => {
  it("a message appears live both ways; links are clickable and markup stays text", async () => {
    await signInAs(adaPage, ada)
    await signInAs(gracePage, grace)
    await openChat(adaPage)
    await openChat(gracePage)
    await adaPage.getByText("No messages yet").waitFor()

    const sent = Date.now()
    await say(adaPage, "Mitoses near the margin, see https://example.org/atlas <b>bold?</b>")
    await messages(gracePage).first().waitFor({ timeout: 5_000 })
    console.info(`chat: Ada's message on Grace's screen ${Date.now() - sent} ms after Enter`)
    const first = messages(gracePage).first()
    await expect(first.textContent()).resolves.toContain("<b>bold?</b>")
    await expect(first.getByRole("link", { name: "https://example.org/atlas" }).getAttribute("href")).resolves.toBe(
      "https://example.org/atlas"
    )
    expect(await first.locator("b").count()).toBe(0)
    await expect(first.textContent()).resolves.toContain("Ada Lovelace")

    // Shift+Enter is a new line, Enter sends.
    await input(gracePage).fill("Agreed.")
    await input(gracePage).press("Shift+Enter")
    await input(gracePage).pressSequentially("Two per high-power field.")
    await input(gracePage).press("Enter")
    await expect.poll(() => messages(adaPage).count(), { timeout: 5_000 }).toBe(2)
    await expect(messages(adaPage).nth(1).textContent()).resolves.toContain("Agreed.\nTwo per high-power field.")
    await expect(input(gracePage).inputValue()).resolves.toBe("")
    await snap(adaPage, "chat-01-ada-live-both-ways")
    await snap(gracePage, "chat-02-grace-live-both-ways")
  }, 90_000)

  it("Grace is elsewhere: Ada's message lights her bell and shows a toast that opens the chat", async () => {
    await gracePage.goto("/dashboard/labs")
    await gracePage.getByRole("button", { name: "Notifications", exact: true }).waitFor()
    await say(adaPage, "Grace, the second level needs you.")
    await gracePage.getByText("Ada Lovelace commented on Colon biopsy.jpg").waitFor({ timeout: 10_000 })
    await gracePage.getByRole("button", { name: /Notifications, 1 unread/ }).waitFor()
    await snap(gracePage, "chat-03-grace-toast-and-bell")
    await gracePage.getByRole("button", { name: "Open chat" }).click()
    await gracePage.waitForURL(/annotations\?panel=chat$/)
    await expect(chatTab(gracePage).getAttribute("aria-selected")).resolves.toBe("true")
    await gracePage.getByText("Grace, the second level needs you.").waitFor()
    // Read there: the bell and the tab have nothing unread.
    await gracePage.getByRole("button", { name: "Notifications", exact: true }).waitFor({ timeout: 10_000 })
    expect(await gracePage.getByTestId("chat-unread").count()).toBe(0)
    await snap(gracePage, "chat-04-grace-opened-from-toast")
  }, 60_000)

  it("Ada mentions Grace from the @ suggestions by keyboard; Grace sees it marked", async () => {
    await input(adaPage).fill("")
    await input(adaPage).pressSequentially("@Gra")
    const listbox = adaPage.getByRole("listbox", { name: "Members to mention" })
    await listbox.waitFor()
    await expect(listbox.getByRole("option").allTextContents()).resolves.toEqual([expect.stringContaining("Grace Hopper")])
    await snap(adaPage, "chat-05-ada-mention-suggestions")
    await input(adaPage).press("Enter")
    await expect(input(adaPage).inputValue()).resolves.toBe("@Grace Hopper ")
    await input(adaPage).pressSequentially("could you count this field?")
    await input(adaPage).press("Enter")
    const mention = gracePage.locator("[data-testid=chat-message][data-mentions-me]")
    await mention.waitFor({ timeout: 5_000 })
    await expect(mention.textContent()).resolves.toContain("@Grace Hopper could you count this field?")
    const stored = await api(world.server).get(`/v2/comment/chat/?lab_id=${slideId}`, { token: ada.access })
    expect(stored.body.data.results.at(-1).mentions).toEqual([grace.id])
    await snap(gracePage, "chat-06-grace-mentioned")
  }, 60_000)

  it("a failed send says so and goes on a retry", async () => {
    await gracePage.route("**/v2/comment/chat/", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()))
    await say(gracePage, "This one will fail first.")
    const failed = gracePage.getByTestId("chat-outgoing")
    await failed.getByText("message failed to send").waitFor()
    await snap(gracePage, "chat-07-grace-send-failed")
    await gracePage.unroute("**/v2/comment/chat/")
    await failed.getByRole("button", { name: "Retry" }).click()
    await expect.poll(() => gracePage.getByTestId("chat-outgoing").count()).toBe(0)
    await adaPage.getByText("This one will fail first.").waitFor({ timeout: 5_000 })
  }, 60_000)

  it("a long chat loads its older page as Grace scrolls up", async () => {
    for (let i = 1; i <= 30; i++) {
      const reply = await api(world.server).post(
        "/v2/comment/chat/",
        { lab_id: slideId, message: `Field ${i} counted` },
        { token: ada.access }
      )
      expect(reply.status).toBe(200)
    }
    await gracePage.goto(`/dashboard/labs/${slideId}/annotations?panel=chat`)
    await gracePage.getByTestId("chat-panel").waitFor({ timeout: 20_000 })
    await expect.poll(() => messages(gracePage).count()).toBe(20)
    // The newest is at the bottom and in view.
    await gracePage.getByText("Field 30 counted").waitFor()
    await snap(gracePage, "chat-08-grace-newest-page")
    const all = await api(world.server).get(`/v2/comment/chat/?lab_id=${slideId}&limit=100`, { token: grace.access })
    const total = all.body.data.results.length
    expect(total).toBeGreaterThan(30)
    await gracePage.getByRole("log", { name: "Chat messages" }).evaluate((el) => {
      el.scrollTop = 0
    })
    await expect.poll(() => messages(gracePage).count(), { timeout: 5_000 }).toBe(total)
    await gracePage.getByRole("log", { name: "Chat messages" }).evaluate((el) => {
      el.scrollTop = 0
    })
    await gracePage.getByText("The beginning of this slide's chat").waitFor()
    await snap(gracePage, "chat-09-grace-scrolled-to-the-start")
  }, 90_000)

  it("on a phone, in Indonesian, Grace reads and writes the chat", async () => {
    await gracePage.setViewportSize({ width: 390, height: 844 })
    await gracePage.goto(`/id/dashboard/labs/${slideId}/annotations?panel=chat`)
    await gracePage.getByTestId("chat-panel").waitFor({ timeout: 20_000 })
    await expect(chatTab(gracePage, /^Obrolan/).getAttribute("aria-selected")).resolves.toBe("true")
    await say(gracePage, "Sudah saya hitung.")
    await adaPage.getByText("Sudah saya hitung.").waitFor({ timeout: 5_000 })
    const panel = await gracePage.getByTestId("chat-panel").boundingBox()
    expect(panel).not.toBeNull()
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390)
    expect(await gracePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await gracePage.getByPlaceholder("Tulis pesan…").waitFor()
    await snap(gracePage, "chat-10-grace-phone-indonesian")
  }, 60_000)
})
