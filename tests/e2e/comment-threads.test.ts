// Comment threads and a muted chat between three people, in Chromium against the real server: Ada
// (the owner) pins a comment and opens its thread where it stands, beside the pin; she replies with
// an @mention of Grace (a reviewer, on the slide), who sees the reply live and answers; Hedy (an
// admin, elsewhere) gets the "new comment" toast and bell; the mention's mail lands in Grace's
// outbox; Ada edits her reply, resolves the thread, and the Comments tab hides it under its
// unresolved filter and opens it again from its row; Grace mutes the slide's chat: a plain message
// gives her no toast, a mention still does. The thread is shown on a laptop and on a phone (a sheet).
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { at, openSlide, signInAs, snapWhenFailed, storedAnnotations, tool } from "./support/annotating.ts"
import { expectAccessible } from "./support/a11y.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let hedy: SignedIn
let slideId = ""
let pinId = ""
let adaPage: Page
let gracePage: Page
let hedyPage: Page
let spot = { x: 0, y: 0 }

const COMMENT = "Is this a mitosis at the margin?"
const thread = (page: Page) => page.getByTestId("comment-thread")
const replies = (page: Page) => thread(page).getByTestId("thread-reply")
const replyInput = (page: Page) => thread(page).getByTestId("thread-reply-input")
const bell = (page: Page, unread: number) =>
  page.getByRole("button", unread === 0 ? { name: "Notifications", exact: true } : { name: new RegExp(`Notifications, ${unread} unread`) })
const say = async (page: Page, text: string) => {
  const input = page.getByTestId("chat-input")
  await input.fill(text)
  await input.press("Enter")
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.threads@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.threads@example.org" })
  hedy = await createSignedIn(world.server, { name: "Hedy Lamarr", email: "hedy.threads@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Thread cases", file: "Breast core.jpg", dots: 120 })
  slideId = made.slideId
  await share(world.server, ada, made.folderId, grace, "reviewer")
  await share(world.server, ada, made.folderId, hedy, "admin")
  for (const who of [grace, hedy])
    expect((await api(world.server).post("/v2/notifications/read-all/", undefined, { token: who.access })).status).toBe(200)
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
  hedyPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("threads", () => ({ ada: adaPage, grace: gracePage, hedy: hedyPage }))

describe("comment threads", () => {
  it("Ada pins a comment and its thread opens beside the pin, not at the bottom of the viewer", async () => {
    await signInAs(adaPage, ada)
    await signInAs(gracePage, grace)
    await signInAs(hedyPage, hedy)
    await openSlide(adaPage, slideId)
    await tool(adaPage, "Comment").click()
    spot = await at(adaPage, 0.4, 0.35)
    await adaPage.mouse.click(spot.x, spot.y)
    const box = adaPage.getByRole("textbox", { name: "Comment", exact: true })
    await box.waitFor({ timeout: 5_000 })
    await adaPage.keyboard.type(COMMENT)
    await adaPage.keyboard.press("Enter")
    await expect.poll(async () => (await storedAnnotations(world.server, slideId, ada)).length, { timeout: 5_000 }).toBe(1)
    pinId = (await storedAnnotations(world.server, slideId, ada))[0]!.id
    await box.waitFor({ state: "detached" })
    // The pin is Ada's own once her screen has the server's answer (a thread opens on a saved pin only).
    await expect.poll(() => adaPage.getByTestId("annotation-count").textContent(), { timeout: 5_000 }).not.toContain("Saving")
    await adaPage.locator('[data-testid="annotation-row"]').getByText("You").first().waitFor()

    await tool(adaPage, "Pan and zoom").click()
    await adaPage.mouse.click(spot.x, spot.y)
    await thread(adaPage).waitFor({ timeout: 5_000 })
    await thread(adaPage).getByTestId("thread-comment").getByText(COMMENT).waitFor()
    await thread(adaPage).getByText("No replies yet").waitFor()
    const card = (await thread(adaPage).boundingBox())!
    const viewer = (await adaPage.getByTestId("slide-viewer").boundingBox())!
    // Beside the pin: starts just right of it, its top near the pin's height, well above the viewer's foot.
    expect(card.x).toBeGreaterThan(spot.x)
    expect(card.x - spot.x).toBeLessThan(40)
    expect(Math.abs(card.y - spot.y)).toBeLessThan(60)
    expect(card.y + card.height).toBeLessThan(viewer.y + viewer.height - 20)
    await snap(adaPage, "threads-01-ada-thread-beside-the-pin")
    await expectAccessible(adaPage, "a comment thread beside its pin")
  }, 120_000)

  it("Ada replies mentioning Grace: Grace sees it live, Hedy elsewhere gets the toast and bell, Grace the mail", async () => {
    await openSlide(gracePage, slideId)
    await gracePage.mouse.click(spot.x, spot.y)
    await thread(gracePage).waitFor({ timeout: 5_000 })
    await hedyPage.goto("/dashboard/labs")
    await bell(hedyPage, 0).waitFor()

    await replyInput(adaPage).pressSequentially("@Gra")
    const listbox = thread(adaPage).getByRole("listbox", { name: "Members to mention" })
    await listbox.waitFor()
    await snap(adaPage, "threads-02-ada-mention-suggestions")
    await replyInput(adaPage).press("Enter")
    await expect.poll(() => replyInput(adaPage).inputValue()).toBe("@Grace Hopper ")
    await replyInput(adaPage).pressSequentially("can you confirm the count?")
    await replyInput(adaPage).press("Enter")
    await expect.poll(() => replies(adaPage).count(), { timeout: 5_000 }).toBe(1)

    await expect.poll(() => replies(gracePage).count(), { timeout: 5_000 }).toBe(1)
    await expect(replies(gracePage).first().textContent()).resolves.toContain("@Grace Hopper can you confirm the count?")
    await expect(replies(gracePage).first().textContent()).resolves.toContain("Ada Lovelace")
    const stored = await api(world.server).get(`/v2/comment/threads/${pinId}/`, { token: ada.access })
    expect(stored.body.data.replies[0].mentions).toEqual([grace.id])

    await hedyPage.getByText("Ada Lovelace commented on Breast core.jpg").waitFor({ timeout: 10_000 })
    await bell(hedyPage, 1).waitFor()
    await snap(hedyPage, "threads-03-hedy-toast-and-bell")

    const mail = await world.server.latestMail(grace.email, { containing: "can you confirm the count?" })
    expect(mail.subject).toBe("You were mentioned in a comment on Preparat")
    expect(mail.text).toContain(`panel=comments&thread=${pinId}`)
    await snap(gracePage, "threads-04-grace-sees-the-reply-live")
    await expectAccessible(gracePage, "a thread with a reply")
  }, 60_000)

  it("Grace answers live; Ada edits her reply; Hedy's bell opens the thread at its pin", async () => {
    await replyInput(gracePage).fill("Confirmed: two mitoses in this field.")
    await replyInput(gracePage).press("Enter")
    await expect.poll(() => replies(adaPage).count(), { timeout: 5_000 }).toBe(2)
    await expect(replies(adaPage).nth(1).textContent()).resolves.toContain("Confirmed: two mitoses")

    const mine = replies(adaPage).first()
    await mine.hover()
    await mine.getByRole("button", { name: "Edit" }).click()
    const edit = thread(adaPage).getByTestId("thread-edit-input")
    await edit.fill("@Grace Hopper can you confirm the mitotic count?")
    await edit.press("Enter")
    await expect.poll(() => replies(gracePage).first().textContent(), { timeout: 5_000 }).toContain("mitotic count?")
    await expect(replies(gracePage).first().textContent()).resolves.toContain("edited")
    // Grace may not change Ada's words, only her own.
    await replies(gracePage).first().hover()
    expect(await replies(gracePage).first().getByRole("button", { name: "Edit" }).count()).toBe(0)

    // Grace's answer told Hedy too.
    await bell(hedyPage, 2).click()
    await hedyPage.getByText("commented on a slide").first().click()
    await hedyPage.waitForURL(/panel=comments&thread=/)
    await thread(hedyPage).waitFor({ timeout: 20_000 })
    await expect.poll(() => replies(hedyPage).count(), { timeout: 5_000 }).toBe(2)
    await snap(hedyPage, "threads-05-hedy-opened-from-bell")
  }, 60_000)

  it("Ada resolves the thread: everyone sees it, and the unresolved filter hides it", async () => {
    await thread(adaPage).getByTestId("thread-resolve").click()
    await thread(adaPage).getByTestId("thread-resolved").waitFor({ timeout: 5_000 })
    await thread(gracePage).getByTestId("thread-resolved").waitFor({ timeout: 5_000 })
    await snap(adaPage, "threads-06-ada-resolved")

    await adaPage.getByRole("tab", { name: /^Chat/ }).click()
    await adaPage.getByTestId("chat-view-comments").click()
    const rows = adaPage.getByTestId("comment-thread-row")
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(1)
    await expect(rows.first().textContent()).resolves.toContain(COMMENT)
    await expect(rows.first().textContent()).resolves.toContain("2 replies")
    await expect(rows.first().getAttribute("data-resolved")).resolves.toBe("true")
    await adaPage.getByTestId("comments-unresolved").check()
    await expect.poll(() => rows.count()).toBe(0)
    await adaPage.getByText("Every thread is resolved").waitFor()
    await snap(adaPage, "threads-07-ada-unresolved-filter")
    await expectAccessible(adaPage, "the Comments tab")
    await adaPage.getByTestId("comments-unresolved").uncheck()
    await thread(adaPage).getByRole("button", { name: "Close the thread" }).click()
    await thread(adaPage).waitFor({ state: "detached" })
    await rows.first().click()
    await thread(adaPage).waitFor({ timeout: 5_000 })
    await thread(adaPage).getByTestId("thread-reopen").waitFor()
    await snap(adaPage, "threads-08-ada-opened-from-the-list")
  }, 60_000)

  it("Ada deletes the pin by mistake; Undo brings it back with both replies and its resolution", async () => {
    await thread(adaPage).getByRole("button", { name: "Close the thread" }).click()
    await thread(adaPage).waitFor({ state: "detached" })
    await adaPage.getByRole("tab", { name: /^Annotations/ }).click()
    await adaPage.getByTestId("annotation-row").filter({ hasText: COMMENT }).click()
    await adaPage.getByTestId("selected-annotation").waitFor()
    await adaPage.keyboard.press("Delete")
    await expect.poll(async () => (await storedAnnotations(world.server, slideId, ada)).length, { timeout: 5_000 }).toBe(0)
    expect((await api(world.server).get(`/v2/comment/threads/${pinId}/`, { token: ada.access })).status).toBe(404)
    const notice = adaPage.locator("[role=status], [role=alert]").filter({ hasText: "Annotation deleted" })
    await notice.getByRole("button", { name: "Undo" }).click()
    await expect
      .poll(async () => (await storedAnnotations(world.server, slideId, ada)).map((a) => a.id), { timeout: 5_000 })
      .toEqual([pinId])
    // The conversation is back on the server, and on the screen from the pin.
    const read = await api(world.server).get(`/v2/comment/threads/${pinId}/`, { token: ada.access })
    expect(read.body.data.thread).toMatchObject({ replies_count: 2, resolved: true })
    // The row flew the viewer to the pin: the Comments list opens its thread where it now stands.
    await adaPage.getByRole("tab", { name: /^Chat/ }).click()
    await adaPage.getByTestId("chat-view-comments").click()
    const row = adaPage.getByTestId("comment-thread-row")
    await expect.poll(() => row.first().textContent(), { timeout: 5_000 }).toContain("2 replies")
    await row.first().click()
    await thread(adaPage).waitFor({ timeout: 5_000 })
    await expect.poll(() => replies(adaPage).count()).toBe(2)
    await thread(adaPage).getByTestId("thread-reopen").waitFor()
    await snap(adaPage, "threads-08b-ada-pin-undone-with-replies")
    await thread(adaPage).getByRole("button", { name: "Close the thread" }).click()
  }, 60_000)

  it("Grace mutes the chat: a plain message gives her no toast, a mention still does", async () => {
    await gracePage.getByRole("tab", { name: /^Chat/ }).click()
    const mute = gracePage.getByTestId("chat-mute")
    await mute.click()
    await expect.poll(() => mute.getAttribute("aria-pressed")).toBe("true")
    await gracePage.getByText("Muted: only messages that mention you notify you.").waitFor()
    await snap(gracePage, "threads-09-grace-muted")
    await expectAccessible(gracePage, "a muted chat")
    await gracePage.goto("/dashboard/labs")
    await bell(gracePage, 0).waitFor()

    await adaPage.getByTestId("chat-view-messages").click()
    await say(adaPage, "Plain words for everyone.")
    // Hedy (not muted) is told; Grace is not.
    await hedyPage.goto("/dashboard/labs")
    await expect
      .poll(async () => {
        const list = await api(world.server).get("/v2/notifications/?limit=20", { token: hedy.access })
        return list.body.data.data.results.filter((n: { type: string }) => n.type === "notif_chat").length
      })
      .toBe(1)
    await new Promise((r) => setTimeout(r, 1_500))
    expect(await gracePage.getByText("Ada Lovelace commented on Breast core.jpg").count()).toBe(0)
    await bell(gracePage, 0).waitFor()

    await adaPage.getByTestId("chat-input").pressSequentially("@Gra")
    await adaPage.getByRole("listbox", { name: "Members to mention" }).waitFor()
    await adaPage.getByTestId("chat-input").press("Enter")
    await expect.poll(() => adaPage.getByTestId("chat-input").inputValue()).toBe("@Grace Hopper ")
    await adaPage.getByTestId("chat-input").pressSequentially("this one is for you")
    await adaPage.getByTestId("chat-input").press("Enter")
    await gracePage.getByText("Ada Lovelace commented on Breast core.jpg").waitFor({ timeout: 10_000 })
    await bell(gracePage, 1).waitFor()
    await snap(gracePage, "threads-10-grace-mention-through-mute")
  }, 60_000)

  it("on a phone the thread is a sheet along the bottom, in Indonesian too", async () => {
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signInAs(phone, grace)
    await phone.goto(`/id/dashboard/labs/${slideId}/annotations?panel=comments&thread=${pinId}`)
    await thread(phone).waitFor({ timeout: 20_000 })
    await expect.poll(() => replies(phone).count(), { timeout: 5_000 }).toBe(2)
    const card = (await thread(phone).boundingBox())!
    expect(card.x).toBeGreaterThanOrEqual(0)
    expect(card.x + card.width).toBeLessThanOrEqual(390)
    // A sheet: the screen's width, along its foot.
    expect(card.width).toBeGreaterThan(380)
    expect(Math.abs(card.y + card.height - 844)).toBeLessThan(2)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await thread(phone).getByRole("button", { name: "Buka lagi" }).waitFor()
    await snap(phone, "threads-11-phone-indonesian")
  }, 60_000)
})
