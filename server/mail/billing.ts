// The billing mails, in the recipient's language: an invoice issued, its receipt received, the
// payment accepted or rejected (with the reason), a paid period ended, and contact us (to sales, and
// the copy to the sender). Staff are told of a new receipt in English. Plain text and simple HTML
// with the same words and at most one button-like link, as the account mails.
import { formatIdr } from "../../src/contract/money.ts"
import type { Locale } from "../../src/contract/auth.ts"
import type { MailContent } from "./templates.ts"

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

const compose = (
  subject: string,
  paragraphs: ReadonlyArray<string>,
  link?: { readonly label: string; readonly url: string }
): MailContent => ({
  subject,
  text: [...paragraphs.flatMap((p) => [p, ""]), ...(link ? [link.url, ""] : []), "Preparat"].join("\n"),
  html: `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join("\n")}
${
  link
    ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(link.url)}</p>`
    : ""
}
<p>Preparat</p>
</body></html>`
})

/** A date as people read it in the mail's language (UTC; the page shows local times). */
export const day = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(locale === "id" ? "id-ID" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso))

/** A moment to the minute, for a due time a day away: "27 November 2026, 10:00 UTC". */
export const dayAndTime = (locale: Locale, iso: string): string =>
  `${day(locale, iso)}, ${new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(new Date(iso))} UTC`

/** The invoice's page in the SPA, in the user's language. */
export const invoiceLink = (publicUrl: string, locale: Locale, invoiceId: string): string =>
  `${publicUrl}${locale === "id" ? "/id" : ""}/dashboard/invoices/${encodeURIComponent(invoiceId)}`

export const pricingLink = (publicUrl: string, locale: Locale): string => `${publicUrl}${locale === "id" ? "/id" : ""}/dashboard/pricing`

export interface InvoiceFacts {
  readonly name: string
  readonly number: string
  readonly plan: string
  readonly amount: number
  readonly dueAt: string
  readonly bank: { readonly bankName: string; readonly accountNumber: string; readonly accountHolder: string }
  readonly link: string
}

export const invoiceIssuedMail = (locale: Locale, f: InvoiceFacts): MailContent =>
  locale === "id"
    ? compose(
        `Tagihan ${f.number}: paket ${f.plan}`,
        [
          `Halo ${f.name},`,
          `Terima kasih telah memilih paket ${f.plan}. Transfer tepat ${formatIdr(locale, f.amount)} sebelum ${dayAndTime(locale, f.dueAt)} ke:`,
          `${f.bank.bankName}\nNo. rekening ${f.bank.accountNumber}\na.n. ${f.bank.accountHolder}`,
          `Tiga angka terakhir jumlah itu adalah kode unik tagihan Anda: dengan itu kami mengenali transfer Anda. Setelah transfer, unggah bukti transfer di halaman tagihan.`
        ],
        { label: "Buka tagihan", url: f.link }
      )
    : compose(
        `Invoice ${f.number}: the ${f.plan} plan`,
        [
          `Hello ${f.name},`,
          `Thank you for choosing the ${f.plan} plan. Transfer exactly ${formatIdr(locale, f.amount)} by ${dayAndTime(locale, f.dueAt)} to:`,
          `${f.bank.bankName}\nAccount number ${f.bank.accountNumber}\nAccount holder ${f.bank.accountHolder}`,
          `The last three digits of the amount are your invoice's unique code: they tell us the transfer is yours. Once you have transferred, upload the receipt on the invoice's page.`
        ],
        { label: "Open the invoice", url: f.link }
      )

export const proofReceivedMail = (locale: Locale, f: { name: string; number: string; verifyBy: string; link: string }): MailContent =>
  locale === "id"
    ? compose(
        `Bukti transfer untuk ${f.number} diterima`,
        [
          `Halo ${f.name},`,
          `Kami telah menerima bukti transfer untuk tagihan ${f.number}. Tim kami memverifikasinya dalam 2 x 24 jam (paling lambat ${day(locale, f.verifyBy)}), dan kami akan mengabari Anda.`
        ],
        { label: "Buka tagihan", url: f.link }
      )
    : compose(
        `Receipt for ${f.number} received`,
        [
          `Hello ${f.name},`,
          `We have received the transfer receipt for invoice ${f.number}. Our staff verify it within 2 x 24 hours (by ${day(locale, f.verifyBy)}) and will let you know.`
        ],
        { label: "Open the invoice", url: f.link }
      )

export const paymentAcceptedMail = (
  locale: Locale,
  f: { name: string; number: string; plan: string; startsAt: string; endsAt: string; link: string }
): MailContent =>
  locale === "id"
    ? compose(
        `Pembayaran ${f.number} diterima: paket ${f.plan} aktif`,
        [
          `Halo ${f.name},`,
          `Pembayaran tagihan ${f.number} telah diverifikasi. Paket ${f.plan} Anda berlaku dari ${day(locale, f.startsAt)} sampai ${day(locale, f.endsAt)}; penyimpanan dan fiturnya sudah bisa digunakan. Kuitansi dapat diunduh di halaman tagihan.`
        ],
        { label: "Buka tagihan", url: f.link }
      )
    : compose(
        `Payment for ${f.number} accepted: your ${f.plan} plan is on`,
        [
          `Hello ${f.name},`,
          `The payment of invoice ${f.number} has been verified. Your ${f.plan} plan runs from ${day(locale, f.startsAt)} to ${day(locale, f.endsAt)}; its storage and features are yours now. The receipt is on the invoice's page.`
        ],
        { label: "Open the invoice", url: f.link }
      )

export const paymentRejectedMail = (locale: Locale, f: { name: string; number: string; reason: string; link: string }): MailContent =>
  locale === "id"
    ? compose(
        `Bukti transfer untuk ${f.number} belum dapat diterima`,
        [
          `Halo ${f.name},`,
          `Kami belum dapat memverifikasi pembayaran tagihan ${f.number}. Alasannya:`,
          f.reason,
          `Tagihan kembali menunggu pembayaran: unggah bukti transfer yang benar di halaman tagihan, atau balas email ini jika ada pertanyaan.`
        ],
        { label: "Unggah bukti baru", url: f.link }
      )
    : compose(
        `The receipt for ${f.number} could not be accepted`,
        [
          `Hello ${f.name},`,
          `We could not verify the payment of invoice ${f.number}. The reason:`,
          f.reason,
          `The invoice is waiting for payment again: upload the right receipt on the invoice's page, or reply to this email with any question.`
        ],
        { label: "Upload a new receipt", url: f.link }
      )

export const periodEndedMail = (locale: Locale, f: { name: string; plan: string; link: string }): MailContent =>
  locale === "id"
    ? compose(
        `Paket ${f.plan} Anda telah berakhir`,
        [
          `Halo ${f.name},`,
          `Masa paket ${f.plan} Anda telah berakhir dan akun Anda kembali ke paket Gratis. Tidak ada yang dihapus: semua lab dan slide Anda tetap ada. Selama penyimpanan melebihi kuota paket Gratis, unggahan baru ditolak, dan analisis AI serta penandaan otomatis hanya tersedia di paket berbayar.`,
          `Pilih paket lagi untuk melanjutkan.`
        ],
        { label: "Lihat paket", url: f.link }
      )
    : compose(
        `Your ${f.plan} plan has ended`,
        [
          `Hello ${f.name},`,
          `Your ${f.plan} plan's period has ended and your account is on the Free plan again. Nothing was deleted: every lab and slide is still there. While your storage is over the Free plan's quota new uploads are refused, and AI analysis and auto tagging need a paid plan.`,
          `Choose a plan again to continue.`
        ],
        { label: "See the plans", url: f.link }
      )

export const staffProofMail = (f: {
  number: string
  user: string
  plan: string
  amount: number
  verifyBy: string
  link: string
}): MailContent =>
  compose(
    `Receipt to verify: ${f.number} (${formatIdr("en", f.amount)})`,
    [
      `${f.user} uploaded a transfer receipt for invoice ${f.number}: the ${f.plan} plan, ${formatIdr("en", f.amount)}.`,
      `Verify it by ${day("en", f.verifyBy)} (2 x 24 hours) on the staff page, or from the command line: npm run staff -- payments`
    ],
    { label: "Open the staff page", url: f.link }
  )

export interface ContactFacts {
  readonly name: string
  readonly email: string
  readonly plan: string | undefined
  readonly phone: string | undefined
  readonly company: string | undefined
  readonly details: string
}

export const salesContactMail = (f: ContactFacts): MailContent =>
  compose(`Plans: a question from ${f.name}`, [
    `${f.name} <${f.email}> asked about the plans through the contact form.`,
    [`Plan: ${f.plan ?? "-"}`, `Phone: ${f.phone ?? "-"}`, `Company: ${f.company ?? "-"}`].join("\n"),
    f.details,
    "Reply to this email to answer them."
  ])

export const contactConfirmationMail = (locale: Locale, f: ContactFacts): MailContent =>
  locale === "id"
    ? compose(`Kami menerima pertanyaan Anda`, [
        `Halo ${f.name},`,
        `Terima kasih telah menghubungi kami tentang paket Preparat. Tim penjualan kami akan membalas ke ${f.email} segera. Pesan Anda:`,
        f.details
      ])
    : compose(`We received your question`, [
        `Hello ${f.name},`,
        `Thank you for asking about Preparat's plans. Our sales team will reply to ${f.email} soon. Your message:`,
        f.details
      ])
