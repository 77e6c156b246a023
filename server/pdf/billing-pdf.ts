// The invoice and the receipt as PDF documents (pdf-lib, pure JavaScript), in the user's language.
// The standard Helvetica font writes WinAnsi text only, so anything else in a name (an emoji, a
// script it lacks) is printed as "?" rather than failing the download.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib"
import type { Locale } from "../../src/contract/auth.ts"
import { formatIdr } from "../../src/contract/money.ts"
import { day } from "../mail/billing.ts"

export interface BillingDocument {
  readonly number: string
  readonly status: "unpaid" | "waiting" | "paid" | "cancelled"
  readonly customer: { readonly name: string; readonly email: string }
  readonly plan: { readonly name: string; readonly periodDays: number | null }
  readonly price: number
  readonly uniqueCode: number
  readonly amount: number
  readonly bank: { readonly bankName: string; readonly accountNumber: string; readonly accountHolder: string }
  readonly createdAt: string
  readonly dueAt: string
  readonly paidAt: string | null
  readonly period: { readonly startsAt: string; readonly endsAt: string } | null
  readonly seller: string
}

const words = {
  en: {
    invoice: "INVOICE",
    receipt: "RECEIPT",
    number: "Number",
    issued: "Issued",
    due: "Due",
    paidOn: "Paid on",
    status: "Status",
    statuses: { unpaid: "Waiting for payment", waiting: "Receipt being verified", paid: "Paid", cancelled: "Cancelled" },
    billedTo: "Billed to",
    receivedFrom: "Received from",
    description: "Description",
    amountHeader: "Amount",
    planLine: (plan: string, days: number | null) => `Preparat ${plan} plan${days ? `, ${days} days` : ""}`,
    code: "Unique code (identifies your transfer)",
    total: "Total to transfer",
    paidTotal: "Total paid",
    payTo: "Pay by bank transfer to",
    bank: "Bank",
    account: "Account number",
    holder: "Account holder",
    note: "Transfer exactly the total: its last three digits are this invoice's unique code. Then upload the transfer receipt on the invoice's page; staff verify it within 2 x 24 hours.",
    period: "Plan period",
    thanks: "Thank you. This receipt confirms the payment of the invoice above."
  },
  id: {
    invoice: "TAGIHAN",
    receipt: "KUITANSI",
    number: "Nomor",
    issued: "Diterbitkan",
    due: "Jatuh tempo",
    paidOn: "Dibayar",
    status: "Status",
    statuses: { unpaid: "Menunggu pembayaran", waiting: "Bukti sedang diverifikasi", paid: "Lunas", cancelled: "Dibatalkan" },
    billedTo: "Ditagihkan kepada",
    receivedFrom: "Diterima dari",
    description: "Deskripsi",
    amountHeader: "Jumlah",
    planLine: (plan: string, days: number | null) => `Paket Preparat ${plan}${days ? `, ${days} hari` : ""}`,
    code: "Kode unik (penanda transfer Anda)",
    total: "Total yang ditransfer",
    paidTotal: "Total dibayar",
    payTo: "Bayar melalui transfer bank ke",
    bank: "Bank",
    account: "Nomor rekening",
    holder: "Atas nama",
    note: "Transfer tepat sejumlah total: tiga angka terakhirnya adalah kode unik tagihan ini. Lalu unggah bukti transfer di halaman tagihan; tim kami memverifikasinya dalam 2 x 24 jam.",
    period: "Masa paket",
    thanks: "Terima kasih. Kuitansi ini menegaskan pembayaran tagihan di atas."
  }
} as const

/** Text the standard font can write: printable Latin-1; anything else becomes "?". */
export const printable = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  [...text].map((c) => (/^[\u0020-\u007e\u00a0-\u00ff]$/.test(c) ? c : /[\u0000-\u001f]/.test(c) ? " " : "?")).join("")

const INK = rgb(0.12, 0.16, 0.22)
const MUTED = rgb(0.42, 0.45, 0.5)
const ACCENT = rgb(0.15, 0.39, 0.92)
const RULE = rgb(0.85, 0.87, 0.9)
const MARGIN = 56
const A4: [number, number] = [595.28, 841.89]

class Writer {
  y: number
  readonly page: PDFPage
  readonly regular: PDFFont
  readonly bold: PDFFont
  constructor(page: PDFPage, regular: PDFFont, bold: PDFFont) {
    this.page = page
    this.regular = regular
    this.bold = bold
    this.y = page.getHeight() - MARGIN
  }
  get right() {
    return this.page.getWidth() - MARGIN
  }
  text(text: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; alignRight?: boolean } = {}) {
    const size = options.size ?? 10
    const font = options.bold ? this.bold : this.regular
    const clean = printable(text)
    const at = options.alignRight ? x - font.widthOfTextAtSize(clean, size) : x
    this.page.drawText(clean, { x: at, y: this.y, size, font, color: options.color ?? INK })
  }
  /** Wraps a paragraph to the page's width. */
  paragraph(text: string, size = 9, color = MUTED) {
    const width = this.right - MARGIN
    let line = ""
    for (const word of printable(text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word
      if (this.regular.widthOfTextAtSize(next, size) > width && line) {
        this.text(line, MARGIN, { size, color })
        this.down(size + 4)
        line = word
      } else line = next
    }
    if (line) {
      this.text(line, MARGIN, { size, color })
      this.down(size + 4)
    }
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.75, color: RULE })
  }
  down(by: number) {
    this.y -= by
  }
}

const render = async (doc: BillingDocument, locale: Locale, kind: "invoice" | "receipt"): Promise<Uint8Array> => {
  const w = words[locale]
  const pdf = await PDFDocument.create()
  const title = `${kind === "invoice" ? w.invoice : w.receipt} ${doc.number}`
  pdf.setTitle(printable(title))
  pdf.setAuthor(printable(doc.seller))
  pdf.setCreator("Preparat")
  pdf.setProducer("Preparat (pdf-lib)")
  pdf.setCreationDate(new Date(kind === "receipt" && doc.paidAt ? doc.paidAt : doc.createdAt))
  const page = pdf.addPage(A4)
  const out = new Writer(page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold))

  // Heading: the product and the seller on the left, the document's kind and number on the right.
  out.text("Preparat", MARGIN, { size: 20, bold: true, color: ACCENT })
  out.text(kind === "invoice" ? w.invoice : w.receipt, out.right, { size: 20, bold: true, alignRight: true })
  out.down(18)
  out.text(doc.seller, MARGIN, { size: 9, color: MUTED })
  out.text(doc.number, out.right, { size: 11, alignRight: true })
  out.down(30)

  // Dates and status, then who is billed.
  const facts: Array<[string, string]> = [
    [w.number, doc.number],
    [w.issued, day(locale, doc.createdAt)],
    ...(kind === "invoice" ? ([[w.due, day(locale, doc.dueAt)]] as Array<[string, string]>) : []),
    ...(doc.paidAt ? ([[w.paidOn, day(locale, doc.paidAt)]] as Array<[string, string]>) : []),
    [w.status, w.statuses[doc.status]]
  ]
  const top = out.y
  for (const [label, value] of facts) {
    out.text(label, MARGIN, { size: 9, color: MUTED })
    out.text(value, MARGIN + 90, { size: 10, bold: label === w.status })
    out.down(15)
  }
  const after = out.y
  out.y = top
  out.text(kind === "invoice" ? w.billedTo : w.receivedFrom, 340, { size: 9, color: MUTED })
  out.down(15)
  out.text(doc.customer.name, 340, { size: 10, bold: true })
  out.down(15)
  out.text(doc.customer.email, 340, { size: 10 })
  out.y = Math.min(after, out.y - 15) - 16

  // The lines and the total.
  out.text(w.description, MARGIN, { size: 9, bold: true, color: MUTED })
  out.text(w.amountHeader, out.right, { size: 9, bold: true, color: MUTED, alignRight: true })
  out.down(8)
  out.rule()
  out.down(18)
  out.text(w.planLine(doc.plan.name, doc.plan.periodDays), MARGIN)
  out.text(formatIdr(locale, doc.price), out.right, { alignRight: true })
  out.down(18)
  out.text(w.code, MARGIN)
  out.text(formatIdr(locale, doc.uniqueCode), out.right, { alignRight: true })
  out.down(10)
  out.rule()
  out.down(20)
  out.text(kind === "invoice" ? w.total : w.paidTotal, MARGIN, { size: 12, bold: true })
  out.text(formatIdr(locale, doc.amount), out.right, { size: 14, bold: true, color: ACCENT, alignRight: true })
  out.down(36)

  if (kind === "invoice") {
    out.text(w.payTo, MARGIN, { size: 11, bold: true })
    out.down(18)
    for (const [label, value] of [
      [w.bank, doc.bank.bankName],
      [w.account, doc.bank.accountNumber],
      [w.holder, doc.bank.accountHolder]
    ] as const) {
      out.text(label, MARGIN, { size: 9, color: MUTED })
      out.text(value, MARGIN + 110, { size: 10, bold: label === w.account })
      out.down(15)
    }
    out.down(10)
    out.paragraph(w.note)
  } else {
    if (doc.period) {
      out.text(w.period, MARGIN, { size: 9, color: MUTED })
      out.text(`${day(locale, doc.period.startsAt)} - ${day(locale, doc.period.endsAt)}`, MARGIN + 110, { size: 10 })
      out.down(24)
    }
    out.paragraph(w.thanks)
  }
  return pdf.save()
}

export const invoicePdf = (doc: BillingDocument, locale: Locale) => render(doc, locale, "invoice")
export const receiptPdf = (doc: BillingDocument, locale: Locale) => render(doc, locale, "receipt")
