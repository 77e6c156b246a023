// The two confirmations before money moves, in the sizes and languages the billing walk does not
// take them in (billing.test.ts cancels on a phone in Indonesian and accepts on a laptop in
// English): Bea cancels an invoice on a laptop in English (asked first, kept, then cancelled), and
// staff accept a payment on a phone in Indonesian (the invoice's number, amount and receipt side
// by side, then the plan starts). Invoices and receipts are made through the API: these steps are
// about the dialogs, not the way there.
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueInvoice, waitingInvoice } from "../server/support/billing-api.ts"
import { createSignedIn, PASSWORD, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { askToCancel, look } from "./support/billing-page.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let bea: SignedIn
let sari: SignedIn
const contexts: BrowserContext[] = []
const pages: Record<string, Page> = {}

const newPage = async (name: string, viewport: { width: number; height: number }, locale: string) => {
  const context = await world.browser.newContext({ baseURL: world.server.url, viewport, locale })
  contexts.push(context)
  pages[name] = await context.newPage()
  return pages[name]
}

const signIn = async (page: Page, email: string, prefix = "") => {
  await page.goto(`${prefix}/login`)
  await page.locator("input[type=email]").fill(email)
  await page.locator("input[type=password]").fill(PASSWORD)
  await page.locator("form button[type=submit]").click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

beforeAll(async () => {
  world = await startWorld()
  bea = await createSignedIn(world.server, { name: "Bea Laptop", email: "bea.confirm@lab.example" })
  sari = await createSignedIn(world.server, { name: "Sari Staf", email: "sari.confirm@lab.example" })
  await world.server.withDb((db) => db.updateTable("users").set({ is_staff: 1 }).where("id", "=", sari.id).execute())
}, 120_000)

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  await stopWorld(world)
})

snapWhenFailed("billing-confirm", () => pages)

describe("confirmations before money moves", () => {
  it("cancelling an invoice on a laptop in English asks first; keeping it changes nothing", async () => {
    const invoice = await issueInvoice(world.server, bea, "basic")
    const page = await newPage("bea", { width: 1440, height: 900 }, "en-US")
    await signIn(page, bea.email)
    await page.goto(`/dashboard/invoices/${encodeURIComponent(invoice.id)}`)
    await page.locator("[data-status=unpaid]").waitFor()
    const amount = ((await page.getByTestId("amount").textContent()) ?? "").replace(/\s/g, " ")
    const asked = await askToCancel(page, invoice.number, "Cancel invoice")
    expect(((await asked.getByTestId("cancel-amount").textContent()) ?? "").replace(/\s/g, " ")).toBe(amount)
    await asked.getByText(/unique code \d{3} is released for other invoices/).waitFor()
    await expectAccessible(page, "billing-confirm-cancel-en")
    await look(page, "billing-confirm-01-cancel-en")
    await asked.getByRole("button", { name: "Keep invoice" }).click()
    await asked.waitFor({ state: "hidden" })
    await page.locator("[data-status=unpaid]").waitFor()
    await (await askToCancel(page, invoice.number, "Cancel invoice")).getByRole("button", { name: "Cancel invoice" }).click()
    await page.locator("[data-status=cancelled]").waitFor()
  }, 90_000)

  it("staff accept a payment on a phone in Indonesian: number, amount and receipt side by side, then the plan starts", async () => {
    const invoice = await waitingInvoice(world.server, bea, "basic")
    const staff = await newPage("sari", { width: 390, height: 844 }, "id-ID")
    await signIn(staff, sari.email, "/id")
    await staff.goto("/id/dashboard/staff/payments")
    const card = staff.getByRole("listitem").filter({ hasText: invoice.number })
    await card.getByRole("button", { name: "Terima pembayaran" }).click()
    const check = staff.getByRole("dialog", { name: `Terima pembayaran ${invoice.number}?` })
    await check.waitFor()
    await check.getByRole("img").first().waitFor()
    // Nothing on the phone's dialog runs off the screen.
    const box = await check.boundingBox()
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    await expectAccessible(staff, "billing-confirm-accept-id-phone")
    await look(staff, "billing-confirm-02-accept-id-phone")
    await check.getByRole("button", { name: "Terima pembayaran" }).click()
    await staff.getByText(`${invoice.number} diterima: paket sudah dimulai.`).waitFor()
    await expect
      .poll(
        async () =>
          (await world.server.withDb((db) => db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirst()))
            ?.status
      )
      .toBe("paid")
  }, 90_000)
})
