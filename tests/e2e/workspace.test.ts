// The labs workspace with two people at once, in Chromium against the real server: the owner builds
// nested folders and invites a reviewer, whose bell lights up live; the server refuses the reviewer's
// changes until the owner makes them admin; ownership moves to them; then favorites, recent, search,
// move, trash, restore and empty trash, and the workspace in Indonesian.
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, PASSWORD } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let owner: Page
let reviewer: Page
const contexts: BrowserContext[] = []
const ada = { email: "ada@lab.example", name: "Ada Lovelace" }
const bob = { email: "bob@lab.example", name: "Bob Marley" }
let topId = ""

const signedInPage = async (email: string): Promise<Page> => {
  const context = await world.browser.newContext({ baseURL: world.server.url, viewport: { width: 1440, height: 900 } })
  contexts.push(context)
  const page = await context.newPage()
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectUrl(page, /\/dashboard\/labs$/)
  return page
}

/** The bearer token the page holds, to ask the server directly what it allows. */
const tokenOf = async (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("preparat.tokens") ?? "{}") as { access: string }).access)

const item = (page: Page, name: string) => page.getByTestId("lab-item").filter({ hasText: name })

const createFolder = async (page: Page, name: string) => {
  await page.getByTestId("new-folder").click()
  await page.getByLabel("Folder name").fill(name)
  await page.getByRole("button", { name: "Create", exact: true }).click()
  await item(page, name).first().waitFor()
}

const openMenu = async (page: Page, name: string) => {
  await page
    .getByRole("button", { name: `More actions for ${name}` })
    .first()
    .click()
}

beforeAll(async () => {
  world = await startWorld()
  await createAccount(world.server, { ...ada, password: PASSWORD })
  await createAccount(world.server, { ...bob, password: PASSWORD })
  owner = await signedInPage(ada.email)
  reviewer = await signedInPage(bob.email)
})

afterAll(() => stopWorld(world))

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    await snap(owner, `failed-owner-${task.name.replace(/\W+/g, "-")}`)
    await snap(reviewer, `failed-reviewer-${task.name.replace(/\W+/g, "-")}`)
  }
})

describe("labs workspace with two users", () => {
  it("the owner creates nested folders", async () => {
    await createFolder(owner, "Histology 2026")
    await item(owner, "Histology 2026").getByRole("link").click()
    await expectUrl(owner, /\/dashboard\/labs\/[^/]+$/)
    topId = owner.url().split("/").pop()!
    // The header's breadcrumb ends with the folder's own name, not a generic "Folder".
    const crumbs = owner.getByRole("navigation", { name: "Breadcrumb" })
    await expect.poll(() => crumbs.locator('[aria-current="page"]').textContent()).toBe("Histology 2026")
    await createFolder(owner, "Liver biopsies")
    await createFolder(owner, "Kidney")
    await snap(owner, "w01-nested-folders")
    await expectAccessible(owner, "w01-nested-folders")
  })

  it("the owner invites the second user as reviewer, whose bell lights up live", async () => {
    await owner.goto("/dashboard/labs")
    await openMenu(owner, "Histology 2026")
    await owner.getByRole("menuitem", { name: "Share", exact: true }).click()
    const invite = owner.getByLabel("Invite people")
    await invite.fill(bob.email)
    await invite.press("Enter")
    await snap(owner, "w02-member-dialog")
    await expectAccessible(owner, "w02-member-dialog")
    await owner.getByRole("button", { name: "Invite", exact: true }).click()
    await expect.poll(() => owner.getByText("Invitations sent.").count()).toBeGreaterThan(0)
    await owner.keyboard.press("Escape")

    // No reload on the reviewer's side: the realtime event lights the bell.
    await reviewer.getByTestId("notification-unread").waitFor({ timeout: 10_000 })
    await snap(reviewer, "w03-bell-live")
    await expectAccessible(reviewer, "w03-bell-live")
    await reviewer.getByTestId("notification-bell").click()
    await reviewer.getByTestId("notification-item").first().click()
    await expectUrl(reviewer, new RegExp(`/dashboard/labs/${topId}$`))
    await item(reviewer, "Liver biopsies").waitFor()
    // Where am I: the reviewer's trail starts at Shared Lab, not at the owner's All Files, in the
    // header, in the page's own path and in the menu.
    const header = reviewer.getByRole("navigation", { name: "Breadcrumb" })
    await expect.poll(() => header.getByRole("listitem").allTextContents()).toEqual(["Home", "Shared Lab", "Histology 2026"])
    expect(await reviewer.getByRole("navigation", { name: "Folder path" }).getByRole("link").allTextContents()).toEqual(["Shared Lab"])
    expect(await reviewer.getByRole("link", { name: "Shared Lab", exact: true }).first().getAttribute("href")).toBe("/dashboard/shared")
    expect(await reviewer.locator('aside a[aria-current="page"]').textContent()).toBe("Shared Lab")
    await snap(reviewer, "w04-reviewer-opens-folder")
    await expectAccessible(reviewer, "w04-reviewer-opens-folder")
  })

  it("the reviewer sees it under Shared Lab, has no add-folder button, and the server refuses their changes", async () => {
    expect(await reviewer.getByTestId("new-folder").count()).toBe(0)
    const token = await tokenOf(reviewer)
    const created = await api(world.server).post("/v2/labs/", { name: "Sneaky", parent: topId }, { token })
    expect(created.status).toBe(403)
    const renamed = await api(world.server).put(`/v2/labs/${topId}/`, { name: "Renamed" }, { token })
    expect(renamed.status).toBe(403)
    await reviewer.goto("/dashboard/shared")
    await item(reviewer, "Histology 2026").waitFor()
    // The grid tile says what the user may do there.
    expect(await item(reviewer, "Histology 2026").getByText("Reviewer", { exact: true }).count()).toBe(1)
    await snap(reviewer, "w05-shared-lab")
    await expectAccessible(reviewer, "w05-shared-lab")
  })

  it("the owner makes them admin, and now they can", async () => {
    await openMenu(owner, "Histology 2026")
    await owner.getByRole("menuitem", { name: "Share", exact: true }).click()
    await owner.getByRole("button", { name: `Actions for ${bob.name}` }).click()
    await owner.getByRole("menuitemradio", { name: "Admin" }).click()
    await expect.poll(() => owner.getByText(`${bob.name} is now Admin.`).count()).toBeGreaterThan(0)
    await owner.keyboard.press("Escape")

    await reviewer.goto(`/dashboard/labs/${topId}`)
    await createFolder(reviewer, "Bob's sections")
    const token = await tokenOf(reviewer)
    expect((await api(world.server).put(`/v2/labs/${topId}/`, { name: "Histology 2026 (shared)" }, { token })).status).toBe(200)
    await snap(reviewer, "w06-admin-creates")
    await expectAccessible(reviewer, "w06-admin-creates")
  })

  it("the owner offers ownership and Bob accepts; the former owner is admin and sees it under Shared", async () => {
    await owner.goto("/dashboard/labs")
    await openMenu(owner, "Histology 2026 (shared)")
    await owner.getByRole("menuitem", { name: "Share", exact: true }).click()
    await owner.getByRole("button", { name: `Actions for ${bob.name}` }).click()
    await owner.getByRole("menuitem", { name: "Offer ownership" }).click()
    await owner.getByRole("dialog", { name: "Offer ownership?" }).getByRole("button", { name: "Send offer" }).click()
    await owner.getByText(`Ownership offered to ${bob.name}. It stays yours until they accept.`).waitFor()
    await owner.keyboard.press("Escape")
    // Nothing changes hands until Bob accepts, on the folder's page.
    await reviewer.goto(`/dashboard/labs/${topId}`)
    const banner = reviewer.getByTestId("ownership-offer")
    await banner.getByRole("button", { name: "Accept" }).click()
    await reviewer.getByText("You are now the owner of Histology 2026 (shared).").waitFor()
    await owner.goto("/dashboard/shared")
    await item(owner, "Histology 2026 (shared)").waitFor()
    await snap(owner, "w07-former-owner-shared")
    await expectAccessible(owner, "w07-former-owner-shared")
    const info = await api(world.server).get(`/v2/labs/${topId}/info/`, { token: await tokenOf(owner) })
    expect(info.body.data.role).toBe("admin")
    expect(info.body.data.owner.email).toBe(bob.email)
  })

  it("favorites, recent and search", async () => {
    await owner.goto("/dashboard/labs")
    await createFolder(owner, "Archive")
    await createFolder(owner, "Cytology")
    await openMenu(owner, "Cytology")
    await owner.getByRole("menuitem", { name: "Add to favorites" }).click()
    await owner.goto("/dashboard/favorite")
    await item(owner, "Cytology").waitFor()
    await snap(owner, "w08-favorites")
    await expectAccessible(owner, "w08-favorites")

    await owner.goto("/dashboard/labs")
    await item(owner, "Cytology").getByRole("link").click()
    await expectUrl(owner, /\/dashboard\/labs\/[^/]+$/)
    await owner.goto("/dashboard/recent")
    await item(owner, "Cytology").waitFor()

    await owner.goto("/dashboard/labs?search=cyto")
    await item(owner, "Cytology").waitFor()
    expect(await item(owner, "Archive").count()).toBe(0)
    await snap(owner, "w09-search")
    await expectAccessible(owner, "w09-search")
  })

  it("moves a folder, deletes it to the trash, restores it, and empties the trash", async () => {
    await owner.goto("/dashboard/labs")
    await openMenu(owner, "Cytology")
    await owner.getByRole("menuitem", { name: "Move", exact: true }).click()
    const tree = owner.getByRole("tree")
    await tree.getByText("Archive").click()
    await snap(owner, "w10-move-dialog")
    await expectAccessible(owner, "w10-move-dialog")
    await owner.getByRole("button", { name: "Move here" }).click()
    await expect.poll(() => item(owner, "Cytology").count()).toBe(0)

    await openMenu(owner, "Archive")
    await owner.getByRole("menuitem", { name: "Delete", exact: true }).click()
    await owner.getByRole("dialog").getByRole("button", { name: "Delete" }).click()
    await expect.poll(() => item(owner, "Archive").count()).toBe(0)
    await owner.goto("/dashboard/trash")
    await owner.getByTestId("trash-item").filter({ hasText: "Archive" }).waitFor()
    await snap(owner, "w11-trash")
    await expectAccessible(owner, "w11-trash")
    await owner.getByRole("button", { name: "Restore Archive" }).click()
    await expect.poll(() => owner.getByTestId("trash-item").count()).toBe(0)
    await owner.goto("/dashboard/labs")
    await item(owner, "Archive").waitFor()

    await openMenu(owner, "Archive")
    await owner.getByRole("menuitem", { name: "Delete", exact: true }).click()
    await owner.getByRole("dialog").getByRole("button", { name: "Delete" }).click()
    await owner.goto("/dashboard/trash")
    await owner.getByRole("button", { name: "Empty trash" }).click()
    await owner.getByRole("dialog").getByRole("button", { name: "Empty trash" }).click()
    await expect.poll(() => owner.getByTestId("trash-item").count()).toBe(0)
    const trash = await api(world.server).get("/v2/labs/trash/", { token: await tokenOf(owner) })
    expect(trash.body.data.results).toEqual([])
  })

  it("shows the workspace in Indonesian", async () => {
    await reviewer.goto("/id/dashboard/labs")
    await expect.poll(() => reviewer.locator("html").getAttribute("lang")).toBe("id")
    await item(reviewer, "Histology 2026 (shared)").waitFor()
    await expect.poll(() => reviewer.getByTestId("new-folder").textContent()).toMatch(/Folder baru/i)
    await snap(reviewer, "w12-workspace-id")
    await expectAccessible(reviewer, "w12-workspace-id")
  })
})
