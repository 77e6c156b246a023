// Two people at once in Chromium against the real server: Ada shares a folder with Grace from the
// member dialog; Grace's bell, toast and notification list follow live over the realtime channel;
// then Ada changes Grace's role and offers her the folder, which Grace accepts from her bell; an offer
// back, on a phone in Indonesian, is beyond Ada's room and declined. Each step leaves a screenshot.
import { randomUUID } from "node:crypto"
import type { Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { insertFile } from "../server/support/labs-api.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { newContext, snap } from "./support/browser.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let folderId = ""
let adaPage: Page
let gracePage: Page

const signIn = async (page: Page, who: SignedIn, prefix = "") => {
  await page.goto(`${prefix}/login`)
  await page.locator("input[type=email]").fill(who.email)
  await page.locator("input[type=password]").fill(who.password)
  await page.locator("button[type=submit]").click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: /Collaborators|Kolaborator/ })
const rowOf = (page: Page, email: string) => dialogOf(page).locator(`[data-testid=collaborator-row][data-email='${email}']`)

const openMemberDialog = async (page: Page) => {
  await page.getByText("Tumour margins", { exact: true }).first().click()
  await page
    .getByRole("button", { name: /^Detail/ })
    .first()
    .click()
  await page.getByRole("button", { name: /View collaborator|Lihat kolaborator/ }).click()
  await dialogOf(page).getByTestId("collaborator-row").first().waitFor()
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.members@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.members@example.org" })
  const created = await api(world.server).post("/v2/labs/", { name: "Tumour margins" }, { token: ada.access })
  folderId = created.body.data.data.results[0].id
  // A slide inside, so that the offer has a size to tell.
  await insertFile(world.server, { id: randomUUID(), ownerId: ada.id, parentId: folderId, name: "Margin A.svs", size: 1.5 * 1024 ** 2 })
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
})

afterAll(() => stopWorld(world))

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    await snap(adaPage, `failed-ada-${task.name.replace(/\W+/g, "-")}`)
    await snap(gracePage, `failed-grace-${task.name.replace(/\W+/g, "-")}`)
  }
})

describe("sharing a folder, live", () => {
  it("Grace starts with an empty notifications panel", async () => {
    await signIn(gracePage, grace)
    await gracePage.getByRole("button", { name: "Notifications" }).click()
    await expect(gracePage.getByTestId("notifications-empty").textContent()).resolves.toContain("No notifications yet")
    await snap(gracePage, "members-01-grace-empty-panel")
    await expectAccessible(gracePage, "members-01-grace-empty-panel")
    await gracePage.getByRole("button", { name: "Notifications" }).click()
  })

  it("Ada's member dialog asks for someone before inviting, and suggests Grace", async () => {
    await signIn(adaPage, ada)
    await openMemberDialog(adaPage)
    const dialog = dialogOf(adaPage)
    await expect(rowOf(adaPage, ada.email).textContent()).resolves.toContain("Owner")
    await dialog.getByRole("button", { name: "Invite", exact: true }).click()
    await dialog.getByText("Enter at least 1 user.").waitFor()
    // Ada shares no lab with Grace yet: only Grace's whole address finds her (tests/server/members.test.ts).
    await dialog.getByLabel("Invite people").fill(grace.email)
    await dialog.getByRole("option", { name: /Grace Hopper/ }).click()
    await expect(rowOf(adaPage, grace.email).textContent()).resolves.toContain("Not invited yet")
    await snap(adaPage, "members-02-ada-temporary-invitee")
    await expectAccessible(adaPage, "members-02-ada-temporary-invitee")
  })

  it("Ada invites Grace as an admin; Grace hears of it without reloading", async () => {
    const dialog = dialogOf(adaPage)
    await dialog.getByLabel("Invite as").selectOption("admin")
    await dialog.getByRole("button", { name: "Invite", exact: true }).click()
    await adaPage.getByText("Invitations sent.").waitFor()
    await expect(rowOf(adaPage, grace.email).textContent()).resolves.toMatch(/Admin/)
    await gracePage.getByText("Ada Lovelace invited you to Tumour margins").waitFor({ timeout: 15_000 })
    await expect(gracePage.getByTestId("notification-unread").textContent()).resolves.toBe("1")
    await snap(gracePage, "members-03-grace-toast-and-bell")
    await expectAccessible(gracePage, "members-03-grace-toast-and-bell")
  })

  it("Grace opens the notification: it is read and she is in the folder", async () => {
    await gracePage.getByRole("button", { name: /Notifications, 1 unread/ }).click()
    const item = gracePage.getByTestId("notification-item").first()
    await expect(item.textContent()).resolves.toMatch(/Ada Lovelace invited you to a folder[\s\S]*Tumour margins/)
    await snap(gracePage, "members-04-grace-panel")
    await expectAccessible(gracePage, "members-04-grace-panel")
    await item.click()
    await expectUrl(gracePage, new RegExp(`/dashboard/labs/${folderId}$`))
    await gracePage.getByTestId("notification-unread").waitFor({ state: "detached" })
  })

  it("Ada makes Grace a reviewer", async () => {
    await rowOf(adaPage, grace.email).getByTestId("collaborator-actions").click()
    await adaPage.getByRole("menuitemradio", { name: "Reviewer" }).click()
    await adaPage.getByText("Grace Hopper is now Reviewer.").waitFor()
  })

  it("Ada offers Grace the ownership: nothing changes hands yet, and Ada may withdraw it", async () => {
    await rowOf(adaPage, grace.email).getByTestId("collaborator-actions").click()
    await adaPage.getByRole("menuitem", { name: "Offer ownership" }).click()
    const confirm = adaPage.getByRole("dialog", { name: "Offer ownership?" })
    await snap(adaPage, "members-05-ada-offer-confirm")
    await confirm.getByRole("button", { name: "Send offer" }).click()
    await adaPage.getByText("Ownership offered to Grace Hopper. It stays yours until they accept.").waitFor()
    await expect(rowOf(adaPage, ada.email).textContent()).resolves.toMatch(/Owner/)
    await expect(rowOf(adaPage, grace.email).textContent()).resolves.toMatch(/Reviewer/)
    await gracePage.getByText("Ada Lovelace offered you the ownership of Tumour margins").waitFor({ timeout: 15_000 })
    const banner = dialogOf(adaPage).getByTestId("ownership-offer")
    await banner.getByText("You offered the ownership of this folder to Grace Hopper.").waitFor()
    await banner.getByRole("button", { name: "Withdraw offer" }).waitFor()
    await snap(adaPage, "members-06-ada-offer-pending")
    await expectAccessible(adaPage, "members-06-ada-offer-pending")
  })

  it("Grace opens the offer from her bell and accepts; both screens show her as the owner", async () => {
    // The panel may still be open from her last visit: the bell toggles it.
    const bell = gracePage.getByRole("button", { name: /Notifications, 1 unread/ })
    if ((await bell.getAttribute("aria-expanded")) !== "true") await bell.click()
    const item = gracePage.getByTestId("notification-item").first()
    await expect(item.textContent()).resolves.toMatch(/Ada Lovelace offered you the ownership of a folder[\s\S]*Tumour margins/)
    await item.click()
    await expectUrl(gracePage, new RegExp(`/dashboard/labs/${folderId}$`))
    const banner = gracePage.getByTestId("ownership-offer")
    await banner.getByText("Ada Lovelace offers you the ownership of this folder (1.50 MB).").waitFor()
    await snap(gracePage, "members-07-grace-offer")
    await expectAccessible(gracePage, "members-07-grace-offer")
    await banner.getByRole("button", { name: "Accept" }).click()
    await gracePage.getByText("You are now the owner of Tumour margins.").waitFor()
    await banner.waitFor({ state: "detached" })
    // Ada's dialog, still open, hears it live: the offer goes, and the list reads Grace as the owner.
    await dialogOf(adaPage).getByTestId("ownership-offer").waitFor({ state: "detached", timeout: 15_000 })
    await rowOf(adaPage, grace.email).getByText("Owner", { exact: true }).waitFor({ timeout: 15_000 })
    await expect(dialogOf(adaPage).getByTestId("collaborator-row").first().textContent()).resolves.toMatch(/Grace Hopper[\s\S]*Owner/)
    await expect(rowOf(adaPage, ada.email).textContent()).resolves.toMatch(/Admin/)
    await gracePage
      .getByRole("button", { name: /^Detail/ })
      .first()
      .click()
    await gracePage.getByRole("button", { name: /View collaborator/ }).click()
    await expect(dialogOf(gracePage).getByTestId("collaborator-row").first().textContent()).resolves.toMatch(/Grace Hopper[\s\S]*Owner/)
    await snap(adaPage, "members-08-ada-after-transfer")
    await snap(gracePage, "members-08-grace-after-transfer")
    await expectAccessible(adaPage, "members-08-ada-after-transfer")
    await adaPage.keyboard.press("Escape")
    await gracePage.keyboard.press("Escape")
  })

  it("on a phone, in Indonesian: an offer beyond Ada's room says how much is missing, and she declines it", async () => {
    // Grace's folder now holds 6 GB (past the Free plan's 5 GB); she offers it back to Ada.
    await world.server.withDb((db) =>
      db
        .updateTable("labs")
        .set({ size: 6 * 1024 ** 3 })
        .where("parent_id", "=", folderId)
        .where("is_dir", "=", 0)
        .execute()
    )
    await world.server.withDb((db) =>
      db
        .updateTable("labs")
        .set({ size: 6 * 1024 ** 3 })
        .where("id", "=", folderId)
        .execute()
    )
    const offered = await api(world.server).post("/v2/members/transfer/", { lab_id: folderId, user_id: ada.id }, { token: grace.access })
    expect(offered.status).toBe(200)
    await adaPage.setViewportSize({ width: 390, height: 844 })
    await adaPage.goto(`/id/dashboard/labs/${folderId}`)
    const banner = adaPage.getByTestId("ownership-offer")
    await banner.getByText("Grace Hopper menawarkan kepemilikan folder ini kepada Anda (6,00 GB).").waitFor()
    await snap(adaPage, "members-09-ada-offer-phone-id")
    await banner.getByRole("button", { name: "Terima" }).click()
    await banner.getByText(/Anda memerlukan ruang 1,00 GB lagi untuk menerima folder ini\./).waitFor()
    await snap(adaPage, "members-10-ada-offer-no-room-phone-id")
    await expectAccessible(adaPage, "members-10-ada-offer-no-room-phone-id")
    await banner.getByRole("button", { name: "Tolak" }).click()
    await adaPage.getByText("Tawaran ditolak.").waitFor()
    await banner.waitFor({ state: "detached" })
    await adaPage.setViewportSize({ width: 1440, height: 900 })
  })

  it("the dialog speaks Indonesian", async () => {
    // The folder is Grace's now: Ada finds it under Shared Lab, or by its address.
    await adaPage.goto(`/id/dashboard/labs/${folderId}`)
    await adaPage
      .getByRole("button", { name: /^Detail/ })
      .first()
      .click()
    await adaPage.getByRole("button", { name: /kolaborator/i }).click()
    const dialog = dialogOf(adaPage)
    await dialog.getByLabel("Undang orang").waitFor()
    await expect(rowOf(adaPage, grace.email).textContent()).resolves.toContain("Pemilik")
    await snap(adaPage, "members-06-ada-dialog-id")
    await expectAccessible(adaPage, "members-06-ada-dialog-id")
  })
})
