// Staff's way in: a staff account's sidebar has a Staff group (payments, scan requests) with the
// count of what waits, which drops once a receipt is verified; an account that is not staff sees no
// such group. In English at 1440x900 (expanded, then collapsed to the rail) and in Indonesian.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeStaff, waitingInvoice } from "../server/support/billing-api.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { signIn } from "./support/home-view.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let sari: SignedIn
let ana: SignedIn
let staffPage: Page
let userPage: Page
const invoices: Array<{ id: string }> = []

const sidebar = (page: Page, name = "Main navigation") => page.getByRole("complementary", { name })

beforeAll(async () => {
  world = await startWorld()
  sari = await createSignedIn(world.server, { name: "Sari Dewi", email: "sari.staff@example.org" })
  await makeStaff(world.server, sari)
  ana = await createSignedIn(world.server, { name: "Ana Putri", email: "ana.lab@example.org" })
  const budi = await createSignedIn(world.server, { name: "Budi Santoso", email: "budi.lab@example.org" })
  invoices.push(await waitingInvoice(world.server, ana), await waitingInvoice(world.server, budi))
  staffPage = await (await newContext(world.browser, world.server.url)).newPage()
  userPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 120_000)

afterAll(() => stopWorld(world))

snapWhenFailed("staff-sidebar", () => ({ staff: staffPage, user: userPage }))

describe("staff's way in from the sidebar", () => {
  it("an account that is not staff has no Staff group", async () => {
    await signIn(userPage, ana)
    await sidebar(userPage).getByRole("link", { name: "All Files" }).waitFor()
    // The group would have been read by now: the storage meter comes from the same plan answer.
    await sidebar(userPage)
      .getByText(/of 5\.00 GB used/)
      .waitFor()
    expect(await sidebar(userPage).getByText("Staff", { exact: true }).count()).toBe(0)
    expect(
      await sidebar(userPage)
        .getByRole("link", { name: /^Payments/ })
        .count()
    ).toBe(0)
  })

  it("staff see Payments with two receipts waiting and Scan requests with none, and the link opens the payments", async () => {
    await signIn(staffPage, sari)
    const payments = sidebar(staffPage).getByRole("link", { name: /^Payments\W+2 waiting$/ })
    await payments.waitFor()
    expect(await sidebar(staffPage).getByText("Staff", { exact: true }).count()).toBe(1)
    expect(await sidebar(staffPage).getByRole("link", { name: "Scan requests", exact: true }).count()).toBe(1)
    expect(await payments.getByTestId("nav-count").textContent()).toBe("2")
    await snap(staffPage, "staff-sidebar-01-counts")
    await expectAccessible(staffPage, "staff sidebar")
    await payments.click()
    await expectUrl(staffPage, /\/dashboard\/staff\/payments$/)
    expect(await payments.getAttribute("aria-current")).toBe("page")
  })

  it("one receipt accepted, the next page shows one waiting; collapsed, the count sits on the icon", async () => {
    const accepted = await api(world.server).post(`/v2/staff/payments/${invoices[0]!.id}/accept/`, undefined, { token: sari.access })
    expect(accepted.status).toBe(200)
    await sidebar(staffPage).getByRole("link", { name: "All Files" }).click()
    await sidebar(staffPage)
      .getByRole("link", { name: /^Payments\W+1 waiting$/ })
      .waitFor()
    await staffPage
      .getByRole("button", { name: /collapse/i })
      .first()
      .click()
    await expect.poll(() => sidebar(staffPage).getAttribute("data-expanded")).toBe("false")
    const icon = sidebar(staffPage).getByRole("link", { name: "Payments, 1 waiting" })
    expect(await icon.getByTestId("nav-count").textContent()).toBe("1")
    await snap(staffPage, "staff-sidebar-02-collapsed")
  })

  it("speaks Indonesian, and on a phone the drawer holds the Staff group", async () => {
    await staffPage.goto("/id/dashboard/labs")
    await sidebar(staffPage, "Navigasi utama")
      .getByRole("link", { name: /^Pembayaran\W+1 menunggu$/ })
      .waitFor()
    await snap(staffPage, "staff-sidebar-03-id")

    await staffPage.setViewportSize({ width: 390, height: 844 })
    await staffPage.getByRole("button", { name: "Buka menu" }).click()
    const drawer = staffPage.getByTestId("nav-drawer")
    await drawer.getByRole("link", { name: /^Pembayaran\W+1 menunggu$/ }).waitFor()
    expect(await drawer.getByText("Staf", { exact: true }).count()).toBe(1)
    await settled(staffPage)
    await snap(staffPage, "staff-sidebar-04-id-phone")
    await expectAccessible(staffPage, "staff group in the phone drawer (id)")
    await drawer.getByRole("link", { name: /^Pembayaran/ }).click()
    await expectUrl(staffPage, /\/id\/dashboard\/staff\/payments$/)
  })
})
