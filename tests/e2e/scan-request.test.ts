// Scan requests in Chromium against the real server: a visitor's request through every step (checks
// at each, back and next keeping what was typed, the review, editing from it) and the mails it sends
// to staff and to the visitor; the same on a phone in Indonesian; a signed-in user's request and
// their list, which follows staff moving it on from the staff page. Screenshots at 1440x900 and
// 390x844, axe on every step.
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createAccount, PASSWORD } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { expectNoSideScroll } from "./support/layout.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

let world: World
const contexts: BrowserContext[] = []
let current: Page | undefined

const newPage = async (viewport: { width: number; height: number }): Promise<Page> => {
  const context = await world.browser.newContext({ baseURL: world.server.url, viewport, locale: "en-US" })
  contexts.push(context)
  current = await context.newPage()
  return current
}

const signIn = async (page: Page, email: string) => {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

/** The step's heading, which takes focus when the step opens. */
const onStep = async (page: Page, name: string | RegExp) => {
  const heading = page.getByRole("heading", { level: 2, name })
  await heading.waitFor()
  await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true)
}

const look = async (page: Page, name: string) => {
  // From the top, so the sticky bar is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0))
  await snap(page, name)
  await expectAccessible(page, name)
  await expectNoSideScroll(page, name)
}

beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => stopWorld(world))
afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && current) await snap(current, `failed-scan-${task.name.replace(/\W+/g, "-")}`)
})

describe("a visitor's scan request", () => {
  const email = "dewi.lestari@rs-example.id"

  it("goes through every step, checked as it is left, and keeps what was typed", async () => {
    const page = await newPage(DESKTOP)
    await page.goto("/request-scan")
    await page.getByRole("heading", { level: 1, name: "Request a slide scan" }).waitFor()
    await page.getByRole("heading", { level: 2, name: "Specimen" }).waitFor()
    await expect.poll(() => page.locator("[aria-current=step]").textContent()).toContain("Specimen")
    await look(page, "scan-01-specimen")

    // Next on an empty step says what is missing, beside each field, and moves focus to the first.
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => page.getByText("This field is required.").count()).toBe(2)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("preparations")
    await page.getByLabel("Number of preparations").fill("0")
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByText("Enter a number from 1 to 500.").waitFor()
    await look(page, "scan-02-specimen-refused")
    await page.getByLabel("Number of preparations").fill("3")
    await page.getByLabel("Diagnosis").fill("Invasive ductal carcinoma, grade 2")
    // Enter submits the step.
    await page.getByLabel("Number of preparations").press("Enter")

    await onStep(page, "Preparation")
    await page.getByRole("button", { name: "Next" }).click()
    await expect.poll(() => page.getByText("This field is required.").count()).toBe(3)
    await page.getByLabel("Section").selectOption({ label: "Paraffin (FFPE)" })
    await page.getByLabel("Slide stain").selectOption({ label: "Immunohistochemistry (IHC)" })
    await page.getByRole("radio", { name: /40x/ }).check()
    await look(page, "scan-03-preparation")
    await page.getByRole("button", { name: "Next" }).click()

    await onStep(page, "Return and notes")
    await page.getByRole("radio", { name: /Yes, send them back/ }).check()
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByText("Enter the address the slides go back to.").waitFor()
    await page.getByLabel("Return address").fill("dr. Dewi Lestari\nJl. Salemba Raya 6\nJakarta 10430")
    await page.getByLabel("Notes (optional)").fill("Slides 2 and 3 are fragile.")
    await look(page, "scan-04-handling")

    // Back and next keep what was typed.
    await page.getByRole("button", { name: "Back" }).click()
    await onStep(page, "Preparation")
    expect(await page.getByLabel("Slide stain").inputValue()).toBe("ihc")
    expect(await page.getByRole("radio", { name: /40x/ }).isChecked()).toBe(true)
    await page.getByRole("button", { name: "Back" }).click()
    await onStep(page, "Specimen")
    expect(await page.getByLabel("Number of preparations").inputValue()).toBe("3")
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByRole("button", { name: "Next" }).click()
    await onStep(page, "Return and notes")
    expect(await page.getByLabel("Return address").inputValue()).toContain("Jl. Salemba Raya 6")
    await page.getByRole("button", { name: "Next" }).click()

    await onStep(page, "Contact")
    await page.getByRole("button", { name: "Review request" }).click()
    await expect.poll(() => page.getByText("This field is required.").count()).toBe(2)
    await page.getByLabel("Full name").fill("Dewi Lestari")
    await page.getByLabel("Email").fill("dewi@")
    await page.getByLabel("Phone (optional)").fill("+62 812 3456 7890")
    await page.getByRole("button", { name: "Review request" }).click()
    await page.getByText("Enter a valid email address.").waitFor()
    await page.getByLabel("Email").fill(email)
    await look(page, "scan-05-contact")
    await page.getByRole("button", { name: "Review request" }).click()

    await onStep(page, "Review")
    const review = page.getByRole("form")
    for (const text of [
      "Invasive ductal carcinoma, grade 2",
      "Paraffin (FFPE)",
      "Immunohistochemistry (IHC)",
      "40x",
      "Jl. Salemba Raya 6",
      email
    ])
      await review.getByText(text, { exact: false }).first().waitFor()
    await look(page, "scan-06-review")

    // Editing from the review goes to that step with its values, and forward again to the review.
    await page.getByRole("button", { name: "Edit Specimen" }).click()
    await onStep(page, "Specimen")
    await page.getByLabel("Number of preparations").fill("4")
    for (const _ of [1, 2, 3]) await page.getByRole("button", { name: "Next" }).click()
    await page.getByRole("button", { name: "Review request" }).click()
    await onStep(page, "Review")
    await review.getByRole("definition").filter({ hasText: /^4$/ }).waitFor()
    expect(await world.server.mails()).toHaveLength(0)

    await page.getByRole("button", { name: "Send request" }).click()
    await onStep(page, "Scan request sent")
    const reference = (await page.getByText(/^Reference SR-/).textContent())?.replace("Reference ", "") ?? ""
    expect(reference).toMatch(/^SR-[0-9A-F]{8}$/)
    await page.getByText(`We mailed a confirmation to ${email}.`).waitFor()
    // Where to send the slides: the configured lab, the reference for the parcel, how to pack.
    await expectSendTo(page, "en", reference, {
      title: "Where to send the glass slides",
      parcel: "Write this on the parcel",
      packing: "How to pack the slides"
    })
    await look(page, "scan-07-sent")

    // The mails it sent: everything to staff, a confirmation to the visitor.
    const toStaff = await world.server.latestMail(world.server.config.staffEmail)
    expect(toStaff.subject).toBe(`New scan request ${reference}`)
    for (const text of [
      "Number of preparations: 4",
      "Immunohistochemistry (IHC)",
      "Jl. Salemba Raya 6",
      "Slides 2 and 3 are fragile.",
      email
    ])
      expect(toStaff.text).toContain(text)
    const confirmation = await world.server.latestMail(email)
    expect(confirmation.subject).toBe(`We received your scan request ${reference}`)
    // The visitor's address is not confirmed: the mail repeats only our own lists' words, not what was typed.
    expect(confirmation.text).toContain("Immunohistochemistry (IHC)")
    expect(confirmation.text).not.toContain("Jl. Salemba Raya 6")
    expect(confirmation.text).not.toContain("Slides 2 and 3 are fragile.")
    expect(confirmation.text).toContain("If you did not send this request, you can ignore this mail.")

    // Another request starts empty.
    await page.getByRole("button", { name: "Send another request" }).click()
    await onStep(page, "Specimen")
    expect(await page.getByLabel("Number of preparations").inputValue()).toBe("")
  })

  it("works on a phone, in Indonesian, and mails the visitor in Indonesian", async () => {
    const page = await newPage(PHONE)
    const visitor = "budi.santoso@lab-example.id"
    await page.goto("/id/request-scan")
    await page.getByRole("heading", { level: 1, name: "Ajukan pemindaian slide" }).waitFor()
    await page.getByText("Langkah 1 dari 5").waitFor()
    await look(page, "scan-phone-01-spesimen")
    await page.getByRole("button", { name: "Lanjut" }).click()
    await expect.poll(() => page.getByText("Kolom ini wajib diisi.").count()).toBe(2)
    await page.getByLabel("Jumlah preparat").fill("2")
    await page.getByLabel("Diagnosis").fill("Hepatitis kronis")
    await page.getByRole("button", { name: "Lanjut" }).click()

    await onStep(page, "Pembuatan")
    await page.getByLabel("Jenis potongan").selectOption({ label: "Parafin (FFPE)" })
    await page.getByLabel("Pewarnaan slide").selectOption({ label: "Hematoksilin-eosin (HE)" })
    await page.getByRole("radio", { name: /20x/ }).check()
    await look(page, "scan-phone-02-pembuatan")
    await page.getByRole("button", { name: "Lanjut" }).click()

    await onStep(page, "Pengembalian dan catatan")
    await page.getByRole("radio", { name: /Tidak perlu/ }).check()
    await look(page, "scan-phone-03-pengembalian")
    await page.getByRole("button", { name: "Lanjut" }).click()

    await onStep(page, "Kontak")
    await page.getByLabel("Nama lengkap").fill("Budi Santoso")
    await page.getByLabel("Email").fill(visitor)
    await look(page, "scan-phone-04-kontak")
    await page.getByRole("button", { name: "Tinjau pengajuan" }).click()

    await onStep(page, "Tinjauan")
    await look(page, "scan-phone-05-tinjauan")
    await page.getByRole("button", { name: "Kirim pengajuan" }).click()
    await onStep(page, "Pengajuan pemindaian terkirim")
    const confirmation = await world.server.latestMail(visitor)
    const reference = /SR-[0-9A-F]{8}/.exec(confirmation.subject)?.[0] ?? ""
    await expectSendTo(page, "id", reference, {
      title: "Ke mana slide kaca dikirim",
      parcel: "Tulis ini pada paket",
      packing: "Cara mengemas slide"
    })
    expect(confirmation.text).toContain(`Tulis ini pada paket: ${reference}`)
    await look(page, "scan-phone-06-terkirim")
    expect(confirmation.subject).toMatch(/^Permintaan pemindaian SR-[0-9A-F]{8} telah kami terima$/)
    expect(confirmation.text).toContain("Hematoksilin-eosin (HE)")
    expect(confirmation.text).not.toContain("Hepatitis kronis")
    expect(confirmation.text).toContain("Jika Anda tidak mengirim permintaan ini, abaikan email ini.")
  })
})

describe("a signed-in user's request and their list", () => {
  const ana = { email: "ana.pathologist@lab.example", name: "Ana Pathologist" }
  const sari = { email: "sari.staff@lab.example", name: "Sari Staff" }
  let reference = ""

  it("sends a request as the account, and finds it under Settings, received", async () => {
    await createAccount(world.server, { ...ana, password: PASSWORD })
    const page = await newPage(DESKTOP)
    await signIn(page, ana.email)
    await page.goto("/request-scan")
    await onStepOrFirst(page, "Specimen")
    await page.getByLabel("Number of preparations").fill("5")
    await page.getByLabel("Diagnosis").fill("Lymph node, suspected lymphoma")
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByLabel("Section").selectOption("ffpe")
    await page.getByLabel("Slide stain").selectOption("he")
    await page.getByRole("radio", { name: /20x/ }).check()
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByRole("radio", { name: /Yes, send them back/ }).check()
    await page.getByLabel("Return address").fill("Lab Patologi, Jl. Diponegoro 71, Jakarta")
    await page.getByRole("button", { name: "Next" }).click()

    // The account is the contact: no name or email to type.
    await onStep(page, "Contact")
    await page.getByText("Sent from your account").waitFor()
    expect(await page.getByLabel("Full name").count()).toBe(0)
    await look(page, "scan-account-01-contact")
    await page.getByRole("button", { name: "Review request" }).click()
    await onStep(page, "Review")
    await page.getByRole("button", { name: "Send request" }).click()
    await onStep(page, "Scan request sent")
    reference = (await page.getByText(/^Reference SR-/).textContent())?.replace("Reference ", "") ?? ""
    const confirmation = await world.server.latestMail(ana.email)
    expect(confirmation.links).toContain(`${world.server.url}/dashboard/setting/scan-requests`)

    await page.getByRole("link", { name: "See my scan requests" }).click()
    await expectUrl(page, /\/dashboard\/setting\/scan-requests$/)
    const card = page.getByTestId("scan-request").filter({ hasText: reference })
    await card.waitFor()
    await card.getByText("Received", { exact: true }).waitFor()
    await card.getByText("Scanning, not yet").waitFor()
    await look(page, "scan-account-02-list")
  })

  it("staff move it on from the staff page; the requester's list and mail follow", async () => {
    await createAccount(world.server, { ...sari, password: PASSWORD })
    // Someone who is not staff is told the page is not theirs.
    const anaPage = current as Page
    await anaPage.goto("/dashboard/staff/scan-requests")
    await anaPage.getByText("For staff only").waitFor()
    await look(anaPage, "scan-staff-00-not-staff")

    await world.server.withDb((db) => db.updateTable("users").set({ is_staff: 1 }).where("email", "=", sari.email).execute())
    const page = await newPage(DESKTOP)
    await signIn(page, sari.email)
    await page.goto("/dashboard/staff/scan-requests")
    const card = page.getByTestId("scan-request").filter({ hasText: reference })
    await card.waitFor()
    await card.getByText(ana.email).first().waitFor()
    await look(page, "scan-staff-01-list")

    await card.getByRole("button", { name: "Start scanning" }).click()
    await card.getByText("Scanning", { exact: true }).waitFor()
    await card.getByRole("button", { name: "Mark uploaded" }).click()
    const dialog = page.getByRole("dialog")
    await dialog.getByRole("button", { name: "Mark uploaded" }).click()
    await dialog.getByText("Folder name is required.").waitFor()
    await look(page, "scan-staff-02-folder")
    await dialog.getByLabel("Folder name").fill("Lymphoma May")
    await dialog.getByRole("button", { name: "Mark uploaded" }).click()
    await card.getByText("The scans are in the folder Lymphoma May.").waitFor()
    await expect.poll(() => dialog.isVisible()).toBe(false)
    // The mail leaves through the outbox after the answer: the newest one is the "ready" one once it has.
    await expect
      .poll(async () => (await world.server.latestMail(ana.email)).subject, { timeout: 10_000 })
      .toBe(`Your scans are ready (${reference})`)

    // Only requests in a state, then every one again.
    await page.getByRole("button", { name: "Returned", exact: true }).click()
    await page.getByText("No scan requests here").waitFor()
    await page.getByRole("button", { name: "All", exact: true }).click()
    await card.getByRole("button", { name: "Mark returned" }).click()
    await card.getByText("Nothing follows").waitFor()
    await look(page, "scan-staff-03-returned")

    await anaPage.goto("/dashboard/setting/scan-requests")
    const mine = anaPage.getByTestId("scan-request").filter({ hasText: reference })
    await mine.getByText("Returned", { exact: true }).waitFor()
    await mine.getByText("The scans are in the folder Lymphoma May.").waitFor()
    await mine.getByRole("link", { name: "Find it in your files" }).waitFor()
    await look(anaPage, "scan-account-03-returned")
  })

  it("lists nothing for a new account, with the way to a first request, on a phone in Indonesian", async () => {
    const page = await newPage(PHONE)
    await createAccount(world.server, { email: "nina@lab.example", name: "Nina", password: PASSWORD })
    await signIn(page, "nina@lab.example")
    await page.goto("/id/dashboard/setting/scan-requests")
    await page.getByText("Belum ada pengajuan pemindaian").waitFor()
    await look(page, "scan-account-phone-empty")
    await page.getByRole("link", { name: "Ajukan pemindaian" }).click()
    await expectUrl(page, /\/id\/request-scan$/)
    await onStepOrFirst(page, "Spesimen")
    await look(page, "scan-account-phone-wizard")
  })
})

/**
 * The sent panel's "where to send" section: the server's configured address (each line) and hours in
 * `locale`, the request's reference beside what to write on the parcel, and the packing steps.
 */
const expectSendTo = async (
  page: Page,
  locale: "en" | "id",
  reference: string,
  words: { readonly title: string; readonly parcel: string; readonly packing: string }
) => {
  const lab = world.server.config.scanReceiving
  const section = page.getByRole("region", { name: words.title })
  await section.waitFor()
  const address = ((await section.getByRole("definition").first().textContent()) ?? "").split("\n")
  expect(address).toEqual(lab.address.split("\n"))
  await section.getByText(lab.hours[locale], { exact: true }).waitFor()
  await section.getByRole("term").filter({ hasText: words.parcel }).waitFor()
  await section.getByText(reference, { exact: true }).waitFor()
  await section.getByRole("heading", { name: words.packing }).waitFor()
  expect(await section.getByRole("listitem").count()).toBe(4)
}

/** The first step has the focus only once someone moved; on arrival it is simply shown. */
async function onStepOrFirst(page: Page, name: string) {
  await page.getByRole("heading", { level: 2, name }).waitFor()
}
