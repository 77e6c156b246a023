// The mail to a member mentioned in a comment thread's reply, in their language: who mentioned them
// on which slide, the reply's words, and the link that opens the slide with that thread. The
// subject names no one and nothing a user chose (a name could be made to read like anything in an
// inbox list); the body quotes the reply as plain text, escaped in the HTML part.
import type { Locale } from "../../src/contract/auth.ts"
import type { MailContent } from "./templates.ts"

interface Words {
  readonly subject: string
  readonly lead: (sender: string, slide: string) => string
  readonly action: string
  readonly why: string
}

const words: Record<Locale, Words> = {
  en: {
    subject: "You were mentioned in a comment on Preparat",
    lead: (sender, slide) => `${sender} mentioned you in a comment on the slide "${slide}":`,
    action: "Open the comment",
    why: "You get this email because a member of the slide mentioned you."
  },
  id: {
    subject: "Anda disebut dalam komentar di Preparat",
    lead: (sender, slide) => `${sender} menyebut Anda dalam komentar pada slide "${slide}":`,
    action: "Buka komentar",
    why: "Anda menerima email ini karena seorang anggota slide menyebut Anda."
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The slide's viewer in the reader's language, opened on the thread. */
export const threadLink = (publicUrl: string, locale: Locale, labId: string, annotationId: string): string =>
  `${publicUrl}${locale === "id" ? "/id" : ""}/dashboard/labs/${encodeURIComponent(labId)}/annotations?panel=comments&thread=${encodeURIComponent(annotationId)}`

export const commentMentionMail = (
  locale: Locale,
  { sender, slide, message, link }: { sender: string; slide: string; message: string; link: string }
): MailContent => {
  const w = words[locale]
  const lead = w.lead(sender, slide)
  return {
    subject: w.subject,
    text: [lead, "", message, "", link, "", w.why, "", "Preparat"].join("\n"),
    html: `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(lead)}</p>
<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #2563eb;background:#f3f4f6;white-space:pre-wrap">${escapeHtml(message)}</blockquote>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(w.action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(w.why)}</p>
<p>Preparat</p>
</body></html>`
  }
}
