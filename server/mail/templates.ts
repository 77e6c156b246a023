// The account mails, in English and Indonesian: a plain-text part (what the outbox page and simple
// mail clients show) and a simple HTML part with the same words and one button-like link.
import type { Locale } from "../../src/contract/auth.ts"

export interface MailContent {
  readonly subject: string
  readonly text: string
  readonly html: string
}

interface Words {
  readonly subject: string
  readonly greeting: (name: string) => string
  readonly lead: string
  readonly action: string
  readonly expiry: string
  readonly ignore: string
}

type Kind = "activation" | "passwordReset" | "mfaReset" | "accountExists"

const words: Record<Locale, Record<Kind, Words>> = {
  en: {
    activation: {
      subject: "Activate your Preparat account",
      greeting: (name) => `Hello ${name},`,
      lead: "Thank you for registering with Preparat. Open this link to activate your account:",
      action: "Activate account",
      expiry: "The link works once and expires in 3 days.",
      ignore: "If you did not create an account, ignore this email."
    },
    passwordReset: {
      subject: "Reset your Preparat password",
      greeting: (name) => `Hello ${name},`,
      lead: "Someone asked to reset the password of your Preparat account. Open this link to choose a new password:",
      action: "Choose a new password",
      expiry: "The link works once and expires in 1 hour.",
      ignore: "If you did not ask for this, ignore this email: your password stays the same."
    },
    mfaReset: {
      subject: "Reset two-factor authentication on Preparat",
      greeting: (name) => `Hello ${name},`,
      lead: "Someone asked to turn off two-factor authentication on your Preparat account. Open this link and confirm with your password:",
      action: "Reset two-factor authentication",
      expiry: "The link works once and expires in 1 hour.",
      ignore: "If you did not ask for this, ignore this email: two-factor authentication stays on."
    },
    accountExists: {
      subject: "You already have a Preparat account",
      greeting: (name) => `Hello ${name},`,
      lead: "Someone tried to create a Preparat account with this email address, which already has one. If it was you, sign in with your password, or choose a new one here if you forgot it:",
      action: "Choose a new password",
      expiry: "Nothing was changed on your account.",
      ignore: "If it was not you, ignore this email."
    }
  },
  id: {
    activation: {
      subject: "Aktifkan akun Preparat Anda",
      greeting: (name) => `Halo ${name},`,
      lead: "Terima kasih telah mendaftar di Preparat. Buka tautan ini untuk mengaktifkan akun Anda:",
      action: "Aktifkan akun",
      expiry: "Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 3 hari.",
      ignore: "Jika Anda tidak membuat akun, abaikan email ini."
    },
    passwordReset: {
      subject: "Atur ulang kata sandi Preparat Anda",
      greeting: (name) => `Halo ${name},`,
      lead: "Seseorang meminta pengaturan ulang kata sandi akun Preparat Anda. Buka tautan ini untuk memilih kata sandi baru:",
      action: "Pilih kata sandi baru",
      expiry: "Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 1 jam.",
      ignore: "Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap sama."
    },
    mfaReset: {
      subject: "Atur ulang autentikasi dua faktor di Preparat",
      greeting: (name) => `Halo ${name},`,
      lead: "Seseorang meminta untuk menonaktifkan autentikasi dua faktor pada akun Preparat Anda. Buka tautan ini dan konfirmasi dengan kata sandi Anda:",
      action: "Atur ulang autentikasi dua faktor",
      expiry: "Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 1 jam.",
      ignore: "Jika Anda tidak memintanya, abaikan email ini: autentikasi dua faktor tetap aktif."
    },
    accountExists: {
      subject: "Anda sudah memiliki akun Preparat",
      greeting: (name) => `Halo ${name},`,
      lead: "Seseorang mencoba membuat akun Preparat dengan alamat email ini, yang sudah memiliki akun. Jika itu Anda, masuklah dengan kata sandi Anda, atau pilih kata sandi baru di sini jika Anda lupa:",
      action: "Pilih kata sandi baru",
      expiry: "Tidak ada yang diubah pada akun Anda.",
      ignore: "Jika itu bukan Anda, abaikan email ini."
    }
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

const compose = (w: Words, name: string, link: string): MailContent => ({
  subject: w.subject,
  text: [w.greeting(name), "", w.lead, "", link, "", w.expiry, w.ignore, "", "Preparat"].join("\n"),
  html: `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(w.greeting(name))}</p>
<p>${escapeHtml(w.lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(w.action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(w.expiry)} ${escapeHtml(w.ignore)}</p>
<p>Preparat</p>
</body></html>`
})

export const activationMail = (locale: Locale, name: string, link: string) => compose(words[locale].activation, name, link)
export const passwordResetMail = (locale: Locale, name: string, link: string) => compose(words[locale].passwordReset, name, link)
export const accountExistsMail = (locale: Locale, name: string, link: string) => compose(words[locale].accountExists, name, link)
export const mfaResetMail = (locale: Locale, name: string, link: string) => compose(words[locale].mfaReset, name, link)
