// Two people at once in Chromium against the real server: Ada shares a folder with Grace from the
// member dialog; Grace's bell, toast and notification list follow live over the realtime channel;
// then Ada changes Grace's role and hands her the folder. Each step leaves a screenshot.
import type { Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
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

  it("Ada transfers ownership to Grace and stays as an admin", async () => {
    await rowOf(adaPage, grace.email).getByTestId("collaborator-actions").click()
    await adaPage.getByRole("menuitem", { name: "Transfer ownership" }).click()
    const confirm = adaPage.getByRole("dialog", { name: "Transfer ownership?" })
    await confirm.getByRole("button", { name: "Transfer ownership" }).click()
    await adaPage.getByText("Grace Hopper is now the owner. You are an admin.").waitFor()
    await expect(dialogOf(adaPage).getByTestId("collaborator-row").first().textContent()).resolves.toMatch(/Grace Hopper[\s\S]*Owner/)
    await expect(rowOf(adaPage, ada.email).textContent()).resolves.toMatch(/Admin/)
    await gracePage.getByText("Ada Lovelace made you the owner of Tumour margins").waitFor({ timeout: 15_000 })
    await snap(adaPage, "members-05-ada-after-transfer")
    await expectAccessible(adaPage, "members-05-ada-after-transfer")
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
