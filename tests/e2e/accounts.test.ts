// A newcomer's whole account journey in Chromium against the real server: register, activate from
// the mailed link, sign in, turn on 2FA, sign in with a code and with a backup code, change and
// reset the password, and the sign-in page in Indonesian. Each step leaves a screenshot.
import type { Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { expectUrl, startWorld, stopWorld, totpNextStep, totpNow, type World } from "./support/session.ts"

const email = "ada.lovelace@example.org"
const firstPassword = "Microscope1!"
const secondPassword = "Hematoxylin2$"
const thirdPassword = "Eosin3stain%"

let world: World
let page: Page
let secret = ""
let lastCode = ""
let backupCodes: string[] = []

const signOut = async () => {
  await page.getByRole("button", { name: "Account menu" }).click()
  await page.getByRole("menuitem", { name: "Logout" }).click()
  await expectUrl(page, /\/login$/)
}

const submitCredentials = async (password: string) => {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

beforeAll(async () => {
  world = await startWorld()
  const context = await world.browser.newContext({ baseURL: world.server.url, viewport: { width: 1440, height: 900 } })
  page = await context.newPage()
})

afterAll(() => stopWorld(world))

// A failing step leaves a picture of what the user saw.
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") await snap(page, `failed-${task.name.replace(/\W+/g, "-")}`)
})

describe("accounts, end to end", () => {
  it("refuses a weak password and a missing EULA before anything is created", async () => {
    await page.goto("/register")
    await page.getByLabel("Full name").fill("Ada Lovelace")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password", { exact: true }).fill("short")
    await page.getByLabel("Confirm password").fill("short")
    await page.getByRole("button", { name: "Create account" }).click()
    await expect.poll(() => page.url()).toMatch(/\/register$/)
    await snap(page, "01-register-invalid")
    await expectAccessible(page, "01-register-invalid")
    expect(await world.server.mails()).toHaveLength(0)
  })

  it("registers and activates through the mailed link", async () => {
    await page.goto("/register")
    await page.getByLabel("Full name").fill("Ada Lovelace")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password", { exact: true }).fill(firstPassword)
    await page.getByLabel("Confirm password").fill(firstPassword)
    await page.getByRole("checkbox").check()
    await page.getByRole("button", { name: "Create account" }).click()
    await expectUrl(page, /\/registered/)
    await snap(page, "02-registered")
    await expectAccessible(page, "02-registered")

    const mail = await world.server.latestMail(email)
    const activation = mail.links.find((l) => l.includes("/v2/auth/activate/"))
    expect(activation).toBeDefined()
    // As a newcomer would: the outbox at the address the server printed, the mail, its link.
    await page.goto(`/dev/outbox?token=${world.server.config.devOutboxToken}`)
    await snap(page, "03-dev-outbox")
    await page.getByRole("link", { name: "Activate your Preparat account" }).first().click()
    await page.getByRole("link", { name: activation! }).click()
    await expectUrl(page, /\/verify$/)
    await snap(page, "04-verified")
    await expectAccessible(page, "04-verified")

    // The link works once: a second visit lands on /unverified.
    await page.goto(activation!)
    await expectUrl(page, /\/unverified$/)
  })

  it("signs in, and a wrong password is refused", async () => {
    await submitCredentials("Wrong-password1!")
    await expect.poll(() => page.getByRole("alert").first().textContent()).toMatch(/Unable to log in/)
    await snap(page, "05-login-refused")
    await expectAccessible(page, "05-login-refused")
    await submitCredentials(firstPassword)
    await expectUrl(page, /\/dashboard\/labs$/)
    await snap(page, "06-dashboard")
    await expectAccessible(page, "06-dashboard")
  })

  it("turns on 2FA with a code from the authenticator and shows the backup codes once", async () => {
    await page.goto("/dashboard/setting/2fa")
    await page.getByRole("button", { name: "Enable 2FA" }).click()
    secret = ((await page.getByTestId("mfa-secret").textContent()) ?? "").replace(/\s/g, "")
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await snap(page, "07-2fa-qr")
    await expectAccessible(page, "07-2fa-qr")
    lastCode = totpNow(secret)
    await page.getByLabel("Authentication code").fill(lastCode)
    await page.getByRole("button", { name: "Verify" }).click()
    const list = page.getByRole("list", { name: "Save your backup codes" })
    await list.waitFor()
    backupCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim())
    expect(backupCodes).toHaveLength(10)
    await snap(page, "08-2fa-backup-codes")
    await expectAccessible(page, "08-2fa-backup-codes")
    await page.getByRole("button", { name: "I have saved my codes" }).click()
    await signOut()
  })

  it("asks for the code at sign-in, refuses a wrong one and accepts the right one", async () => {
    await submitCredentials(firstPassword)
    await page.getByLabel("Authentication code").waitFor()
    await snap(page, "09-login-2fa")
    await expectAccessible(page, "09-login-2fa")
    const wrong = lastCode === "000000" ? "111111" : "000000"
    await page.getByLabel("Authentication code").fill(wrong)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect.poll(() => page.getByText("Invalid or expired code.").count()).toBeGreaterThan(0)
    await snap(page, "10-login-2fa-refused")
    await expectAccessible(page, "10-login-2fa-refused")
    lastCode = await totpNextStep(secret, lastCode)
    await page.getByLabel("Authentication code").fill(lastCode)
    await page.getByRole("button", { name: "Verify" }).click()
    await expectUrl(page, /\/dashboard\/labs$/)
    await signOut()
  })

  it("accepts a backup code once", async () => {
    const code = backupCodes[0]!
    for (const attempt of ["first", "second"]) {
      await submitCredentials(firstPassword)
      await page.getByRole("button", { name: "Use a backup code" }).click()
      await page.getByLabel("Backup code").fill(code)
      await page.getByRole("button", { name: "Verify" }).click()
      if (attempt === "first") {
        await expectUrl(page, /\/dashboard\/labs$/)
        await signOut()
      } else {
        await expect.poll(() => page.getByText("Invalid or already used backup code.").count()).toBeGreaterThan(0)
        await snap(page, "11-backup-code-used")
        await expectAccessible(page, "11-backup-code-used")
      }
    }
  })

  it("changes the password", async () => {
    lastCode = await totpNextStep(secret, lastCode)
    await submitCredentials(firstPassword)
    await page.getByLabel("Authentication code").fill(lastCode)
    await page.getByRole("button", { name: "Verify" }).click()
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.goto("/dashboard/setting/password")
    await page.getByLabel("Current password").fill(firstPassword)
    await page.getByLabel("New password", { exact: true }).fill(secondPassword)
    await page.getByLabel("Confirm new password").fill("Mismatch9!")
    await page.getByRole("button", { name: "Change password" }).click()
    await expect.poll(() => page.getByText("The new password does not match.").count()).toBeGreaterThan(0)
    await page.getByLabel("Confirm new password").fill(secondPassword)
    await page.getByRole("button", { name: "Change password" }).click()
    await expect.poll(() => page.getByText("Your password has been changed.").count()).toBeGreaterThan(0)
    await snap(page, "12-password-changed")
    await expectAccessible(page, "12-password-changed")
    await signOut()
  })

  it("resets the password through the mailed link", async () => {
    const before = (await world.server.mails())[0]?.file
    await page.goto("/reset-password")
    await page.getByLabel("Email").fill(email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect.poll(() => page.getByText(/a reset link is on its way/).count()).toBeGreaterThan(0)
    await snap(page, "13-reset-requested")
    await expectAccessible(page, "13-reset-requested")
    const mail = await world.server.latestMail(email, before ? { after: before } : {})
    const link = mail.links.find((l) => l.includes("/password-reset-confirm/"))
    expect(link).toBeDefined()
    await page.goto(link!)
    await page.getByLabel("New password", { exact: true }).fill(thirdPassword)
    await page.getByLabel("Confirm new password").fill(thirdPassword)
    await snap(page, "14-reset-confirm")
    await expectAccessible(page, "14-reset-confirm")
    await page.getByRole("button", { name: "Set new password" }).click()
    await expect.poll(() => page.getByText(/Your password has been reset/).count()).toBeGreaterThan(0)

    // The old password no longer works; the new one does (with the second factor).
    await submitCredentials(secondPassword)
    await expect.poll(() => page.getByText(/Unable to log in/).count()).toBeGreaterThan(0)
    lastCode = await totpNextStep(secret, lastCode)
    await submitCredentials(thirdPassword)
    await page.getByLabel("Authentication code").fill(lastCode)
    await page.getByRole("button", { name: "Verify" }).click()
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.goto("/dashboard/setting/activities")
    await expect.poll(() => page.getByText(/signed in/i).count()).toBeGreaterThan(0)
    await snap(page, "15-activities")
    await expectAccessible(page, "15-activities")
    await signOut()
  })

  it("shows the sign-in page in Indonesian under /id", async () => {
    await page.goto("/id/login")
    await expect.poll(() => page.getByRole("button", { name: "Masuk" }).count()).toBeGreaterThan(0)
    expect(await page.getByLabel("Kata sandi", { exact: true }).count()).toBe(1)
    expect(await page.locator("html").getAttribute("lang")).toBe("id")
    await snap(page, "16-login-id")
    await expectAccessible(page, "16-login-id")
  })
})
