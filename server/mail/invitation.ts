// The mail to someone invited to a lab: in the invitee's language, a plain-text part and a simple
// HTML part with one button-like link (as the account mails). Someone with an active account gets the
// link to the lab itself (besides the bell); someone without one the way to an account first.
//
// The inviter's name and the lab's name are chosen by whoever invites, so they never make the subject
// or our own sentences (a subject like "Your bank: verify your account" would be ours to deliver).
// The body shows them apart, as quoted content the reader is told comes from the sender.
import type { Locale } from "../../src/contract/auth.ts"
import type { MailContent } from "./templates.ts"

/**
 * "register": no account with this email; "activate": an account that is not activated yet; "open":
 * an active account, which may open the lab now.
 */
export type InvitationStep = "register" | "activate" | "open"

interface Words {
  readonly subject: string
  readonly lead: (role: string) => string
  readonly quoted: string
  readonly inviterLabel: string
  readonly labLabel: string
  readonly step: Record<InvitationStep, string>
  readonly action: Record<InvitationStep, string>
  readonly roles: Record<"admin" | "reviewer", string>
  readonly ignore: string
}

const words: Record<Locale, Words> = {
  en: {
    subject: "You have been invited to a lab on Preparat",
    lead: (role) => `Someone invited you to a lab on Preparat as ${role}.`,
    quoted: "The names below were written by the sender, not by Preparat:",
    inviterLabel: "Sender",
    labLabel: "Lab",
    step: {
      register: "Create your account with this email address; the invitation waits for you and is yours once the account is activated.",
      activate:
        "Activate your account with the link we mailed you when you registered (or ask for a new one); the invitation is yours once it is active.",
      open: "Open it now with this link; you will also find it under Shared Lab in Preparat."
    },
    action: { register: "Create your account", activate: "Activate your account", open: "Open in Preparat" },
    roles: { admin: "an admin", reviewer: "a reviewer" },
    ignore: "If you do not know the sender, ignore this email."
  },
  id: {
    subject: "Anda diundang ke sebuah lab di Preparat",
    lead: (role) => `Seseorang mengundang Anda ke sebuah lab di Preparat sebagai ${role}.`,
    quoted: "Nama di bawah ditulis oleh pengirim, bukan oleh Preparat:",
    inviterLabel: "Pengirim",
    labLabel: "Lab",
    step: {
      register: "Buat akun dengan alamat email ini; undangan menunggu Anda dan menjadi milik Anda setelah akun diaktifkan.",
      activate:
        "Aktifkan akun Anda dengan tautan yang kami kirim saat Anda mendaftar (atau minta yang baru); undangan menjadi milik Anda setelah akun aktif.",
      open: "Buka sekarang dengan tautan ini; Anda juga akan menemukannya di Lab Bersama di Preparat."
    },
    action: { register: "Buat akun", activate: "Aktifkan akun", open: "Buka di Preparat" },
    roles: { admin: "admin", reviewer: "peninjau" },
    ignore: "Jika Anda tidak mengenal pengirimnya, abaikan email ini."
  }
}

/** A sender-chosen name on one line, in quotes: line breaks and control characters cannot shape the mail. */
const quote = (name: string): string => `"${name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ").trim()}"`

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/**
 * Where the mail's button leads, in the invitee's language: the lab itself for an active account (a
 * folder's page, or a slide's viewer; sign-in first keeps it), else registration or activation with
 * the lab kept to return to once signed in.
 */
export const invitationLink = (
  publicUrl: string,
  locale: Locale,
  step: InvitationStep,
  email: string,
  lab: { readonly id: string; readonly isDir: boolean }
): string => {
  const prefix = locale === "id" ? "/id" : ""
  const labPath = `/dashboard/labs/${encodeURIComponent(lab.id)}${lab.isDir ? "" : "/annotations"}`
  if (step === "open") return `${publicUrl}${prefix}${labPath}`
  const query = new URLSearchParams({ email, next: labPath }).toString()
  return `${publicUrl}${prefix}/${step === "register" ? "register" : "unverified"}?${query}`
}

export const invitationMail = (
  locale: Locale,
  { inviter, lab, role, step, link }: { inviter: string; lab: string; role: "admin" | "reviewer"; step: InvitationStep; link: string }
): MailContent => {
  const w = words[locale]
  const lead = w.lead(w.roles[role])
  const quotes: ReadonlyArray<readonly [string, string]> = [
    [w.inviterLabel, quote(inviter)],
    [w.labLabel, quote(lab)]
  ]
  return {
    subject: w.subject,
    text: [
      lead,
      "",
      w.quoted,
      ...quotes.map(([label, value]) => `> ${label}: ${value}`),
      "",
      w.step[step],
      "",
      link,
      "",
      w.ignore,
      "",
      "Preparat"
    ].join("\n"),
    html: `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(lead)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(w.quoted)}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;color:#374151">
${quotes.map(([label, value]) => `<div>${escapeHtml(label)}: <q style="quotes:none">${escapeHtml(value)}</q></div>`).join("\n")}
</blockquote>
<p>${escapeHtml(w.step[step])}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(w.action[step])}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(w.ignore)}</p>
<p>Preparat</p>
</body></html>`
  }
}
