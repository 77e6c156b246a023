// The mail to someone offered the ownership of a lab, in their language: who offers what and how big
// it is, and the link to the lab where they accept or decline. The subject names no one and nothing
// a user chose (a lab's or a person's name could be made to read like anything in an inbox list).
import type { Locale } from "../../src/contract/auth.ts"
import type { MailContent } from "./templates.ts"

interface Words {
  readonly subject: string
  readonly lead: (sender: string, lab: string, size: string, isDir: boolean) => string
  readonly meanwhile: string
  readonly action: string
  readonly ignore: string
}

const words: Record<Locale, Words> = {
  en: {
    subject: "A lab is offered to you on Preparat",
    lead: (sender, lab, size, isDir) => `${sender} offers you the ownership of the ${isDir ? "folder" : "file"} "${lab}" (${size}).`,
    meanwhile: "Accept it to make it yours: it then counts against your storage. Until you answer it stays theirs, and you may decline it.",
    action: "Open the offer",
    ignore: "If you do not know the sender, decline the offer or ignore this email."
  },
  id: {
    subject: "Sebuah lab ditawarkan kepada Anda di Preparat",
    lead: (sender, lab, size, isDir) => `${sender} menawarkan kepemilikan ${isDir ? "folder" : "berkas"} "${lab}" (${size}) kepada Anda.`,
    meanwhile:
      "Terima agar menjadi milik Anda: setelah itu dihitung dalam penyimpanan Anda. Sampai Anda menjawab, lab tetap milik pengirim, dan Anda boleh menolaknya.",
    action: "Buka tawaran",
    ignore: "Jika Anda tidak mengenal pengirimnya, tolak tawaran ini atau abaikan email ini."
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The folder's page (or a file's viewer) in the receiver's language, where the offer is answered. */
export const offerLink = (publicUrl: string, locale: Locale, lab: { readonly id: string; readonly isDir: boolean }): string =>
  `${publicUrl}${locale === "id" ? "/id" : ""}/dashboard/labs/${encodeURIComponent(lab.id)}${lab.isDir ? "" : "/annotations"}`

export const ownershipOfferMail = (
  locale: Locale,
  { sender, lab, size, isDir, link }: { sender: string; lab: string; size: string; isDir: boolean; link: string }
): MailContent => {
  const w = words[locale]
  const lead = w.lead(sender, lab, size, isDir)
  return {
    subject: w.subject,
    text: [lead, "", w.meanwhile, "", link, "", w.ignore, "", "Preparat"].join("\n"),
    html: `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(w.meanwhile)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(w.action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(w.ignore)}</p>
<p>Preparat</p>
</body></html>`
  }
}
