// A slide's report as a PDF a clinician would file (issue 23): the lab and the slide at the head with
// the slide's thumbnail, the report's title, its case facts, the clinical question, the microscopy,
// the diagnosis set apart, the comment, the measurement table, who reported and who reviewed it and
// when, and "Page i of N" on every page. Drawn with pdf-lib like the invoices (no headless browser:
// the server stays a plain Node process). Standard Helvetica writes WinAnsi only (see printable).
import { PDFDocument, StandardFonts } from "pdf-lib"
import type { Locale } from "../../src/contract/auth.ts"
import { areaUnitOf, type ReportFields } from "../../src/contract/report-fields.ts"
import { printable } from "./billing-pdf.ts"
import { ACCENT, FlowWriter, INK, MUTED, RULE, SHADE } from "./pdf-writer.ts"
import type { Snapshot } from "./region-snapshot.ts"
import { snapshotSection } from "./report-snapshot.ts"
import { type ReportWords, reportWords } from "./report-words.ts"

export interface ReportDocument {
  readonly labName: string
  readonly slideName: string
  /** The slide's large thumbnail (JPEG), when it has one. */
  readonly thumbnail: Uint8Array | null
  readonly title: string
  readonly comment: string
  readonly fields: ReportFields
  /** The slide's microns per pixel: areas are only given with it. */
  readonly mpp: number | null
  readonly author: string | null
  readonly editor: string | null
  readonly createdAt: string
  readonly updatedAt: string
  /** The chosen region's snapshot with its annotations, when the report has one and the slide could give it. */
  readonly snapshot: Snapshot | null
}

const THUMB = { width: 150, height: 135 }

const when = (locale: Locale, iso: string) =>
  `${new Intl.DateTimeFormat(locale === "id" ? "id-ID" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso))}, ${new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(new Date(iso))} UTC`

const number = (locale: Locale, n: number, digits: number) =>
  new Intl.NumberFormat(locale === "id" ? "id-ID" : "en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n)

/** A section's heading, kept on the page with at least two lines of what follows. */
const heading = (out: FlowWriter, text: string) => {
  out.ensure(48)
  out.down(8)
  out.text(text.toUpperCase(), out.left, { size: 8.5, bold: true, color: ACCENT })
  out.down(5)
  out.rule()
  out.down(14)
}

const header = async (out: FlowWriter, doc: ReportDocument, w: ReportWords) => {
  const top = out.y
  const textWidth = out.width - THUMB.width - 20
  out.text(w.heading, out.left, { size: 9, bold: true, color: ACCENT })
  out.down(20)
  out.paragraph(doc.labName, { size: 17, bold: true, width: textWidth, leading: 21 })
  out.down(2)
  out.text(w.slide, out.left, { size: 8.5, color: MUTED })
  out.down(13)
  out.paragraph(doc.slideName, { size: 10.5, width: textWidth, leading: 14 })
  // The thumbnail at the top right, framed; a grey box saying so when the slide has none.
  const x = out.right - THUMB.width
  const y = top - THUMB.height + 8
  let drawn = false
  if (doc.thumbnail) {
    try {
      const image = await out.pdf.embedJpg(doc.thumbnail)
      const scale = Math.min(THUMB.width / image.width, THUMB.height / image.height)
      const width = image.width * scale
      const height = image.height * scale
      out.page.drawImage(image, { x: out.right - width, y: top + 8 - height, width, height })
      out.page.drawRectangle({ x: out.right - width, y: top + 8 - height, width, height, borderColor: RULE, borderWidth: 0.75 })
      drawn = true
    } catch {
      // An unreadable thumbnail must not cost the report: the box below stands in.
    }
  }
  if (!drawn) {
    out.page.drawRectangle({ x, y, width: THUMB.width, height: THUMB.height, color: SHADE, borderColor: RULE, borderWidth: 0.75 })
    const size = 8.5
    out.page.drawText(w.noImage, {
      x: x + (THUMB.width - out.regular.widthOfTextAtSize(w.noImage, size)) / 2,
      y: y + THUMB.height / 2 - 3,
      size,
      font: out.regular,
      color: MUTED
    })
  }
  out.y = Math.min(out.y, y) - 16
  out.page.drawLine({ start: { x: out.left, y: out.y }, end: { x: out.right, y: out.y }, thickness: 1.5, color: INK })
  out.down(30)
  out.paragraph(doc.title, { size: 15, bold: true, leading: 19 })
  out.down(4)
}

/** Case, specimen and stain side by side in a shaded band: the facts a reader checks first. */
const facts = (out: FlowWriter, doc: ReportDocument, w: ReportWords) => {
  const cells = [
    [w.caseId, doc.fields.case_id],
    [w.specimen, doc.fields.specimen],
    [w.stain, doc.fields.stain]
  ].filter((cell): cell is [string, string] => cell[1] !== undefined)
  if (cells.length === 0) return
  const columnWidth = out.width / cells.length
  const valueLines = cells.map(([, value]) => out.lines(value, columnWidth - 20, 10, true))
  const height = 26 + Math.max(...valueLines.map((l) => l.length)) * 13
  out.ensure(height + 8)
  out.page.drawRectangle({ x: out.left, y: out.y - height + 12, width: out.width, height, color: SHADE })
  const top = out.y
  cells.forEach(([label], i) => {
    const x = out.left + 10 + i * columnWidth
    out.y = top - 2
    out.text(label, x, { size: 8, color: MUTED })
    out.down(14)
    for (const line of valueLines[i]!) {
      out.text(line, x, { size: 10, bold: true })
      out.down(13)
    }
  })
  out.y = top - height - 6
}

const measurementTable = (out: FlowWriter, doc: ReportDocument, w: ReportWords, locale: Locale) => {
  const table = doc.fields.measurements
  if (table === undefined || (table.rows.length === 0 && table.index === null)) return
  heading(out, w.measurements)
  const withArea = doc.mpp !== null && table.rows.some((r) => r.area_um2 !== null)
  const { unit, scale, digits } = areaUnitOf(table)
  // The label on the left; the figures right-aligned in columns ending at these x.
  const columns = withArea
    ? [out.left + 8, out.right - 210, out.right - 120, out.right - 8]
    : [out.left + 8, out.right - 110, out.right - 8, 0]
  const row = (cells: ReadonlyArray<string>, bold: boolean, shade: boolean) => {
    out.ensure(18)
    if (shade) out.page.drawRectangle({ x: out.left, y: out.y - 5, width: out.width, height: 17, color: SHADE })
    out.text(cells[0]!, columns[0]!, { size: 9.5, bold })
    out.text(cells[1]!, columns[1]!, { size: 9.5, bold, alignRight: true })
    out.text(cells[2]!, columns[2]!, { size: 9.5, bold, alignRight: true })
    if (withArea) out.text(cells[3] ?? "", columns[3]!, { size: 9.5, bold, alignRight: true })
    out.down(17)
  }
  row([w.label, w.count, w.shapes, withArea ? w.area(unit) : ""], true, true)
  for (const r of table.rows) {
    const area = r.area_um2 === null ? "-" : number(locale, r.area_um2 * scale, digits)
    row([r.label, number(locale, r.count, 0), number(locale, r.shapes, 0), area], false, false)
    out.page.drawLine({ start: { x: out.left, y: out.y + 12 }, end: { x: out.right, y: out.y + 12 }, thickness: 0.4, color: RULE })
  }
  if (table.index !== null) {
    out.down(4)
    out.ensure(18)
    out.text(w.index(table.index.positive, table.index.negative), columns[0]!, { size: 10, bold: true })
    out.text(`${number(locale, table.index.percent, 1)} %`, out.right - 8, { size: 11, bold: true, color: ACCENT, alignRight: true })
    out.down(16)
  }
  if (doc.mpp === null) out.paragraph(w.noResolution, { size: 8.5, color: MUTED })
}

const signatures = (out: FlowWriter, doc: ReportDocument, w: ReportWords, locale: Locale) => {
  out.ensure(70)
  out.down(18)
  const top = out.y
  const half = out.width / 2
  const block = (x: number, label: string, name: string, date: string) => {
    out.y = top
    out.text(label, x, { size: 8, color: MUTED })
    out.down(14)
    out.text(name, x, { size: 10.5, bold: true })
    out.down(13)
    out.text(date, x, { size: 8.5, color: MUTED })
  }
  const author = doc.author ?? w.formerMember
  block(out.left, w.reportedBy, author, `${w.created}: ${when(locale, doc.createdAt)}`)
  const edited = doc.updatedAt !== doc.createdAt
  if (doc.editor !== null && doc.editor !== doc.author)
    block(out.left + half, w.reviewedBy, doc.editor, `${w.updated}: ${when(locale, doc.updatedAt)}`)
  else if (edited) {
    out.y = top - 27
    out.text(`${w.updated}: ${when(locale, doc.updatedAt)}`, out.left + half, { size: 8.5, color: MUTED })
  }
  out.y = top - 40
}

export const reportPdf = async (doc: ReportDocument, locale: Locale): Promise<Uint8Array> => {
  const w = reportWords[locale]
  const pdf = await PDFDocument.create()
  pdf.setTitle(printable(doc.title))
  if (doc.author) pdf.setAuthor(printable(doc.author))
  pdf.setSubject(printable(`${w.heading} - ${doc.slideName}`))
  pdf.setCreator("Preparat")
  pdf.setProducer("Preparat (pdf-lib)")
  pdf.setCreationDate(new Date(doc.createdAt))
  pdf.setModificationDate(new Date(doc.updatedAt))
  pdf.setLanguage(locale === "id" ? "id-ID" : "en-GB")
  const out = new FlowWriter(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
    (next) => {
      next.text(`${doc.title} (${w.continued})`, next.left, { size: 9, bold: true, color: MUTED })
      next.down(10)
      next.rule()
      next.down(22)
    }
  )
  await header(out, doc, w)
  facts(out, doc, w)
  const section = (title: string, text: string | undefined) => {
    if (text === undefined || text.trim() === "") return
    heading(out, title)
    out.paragraph(text, { size: 10.5 })
  }
  section(w.clinical, doc.fields.clinical)
  section(w.findings, doc.fields.findings)
  if (doc.fields.diagnosis) {
    heading(out, w.diagnosis)
    // Set apart by an accent bar beside every line, so it reads as the report's conclusion even
    // when it runs onto the next page.
    out.paragraph(doc.fields.diagnosis, {
      size: 12,
      bold: true,
      x: out.left + 12,
      leading: 17,
      beside: (top, height) => {
        out.page.drawRectangle({ x: out.left, y: top - height + 1, width: out.width, height: height + 2, color: SHADE })
        out.page.drawRectangle({ x: out.left, y: top - height + 1, width: 3, height: height + 2, color: ACCENT })
      }
    })
    out.down(4)
  }
  section(w.comment, doc.comment)
  measurementTable(out, doc, w, locale)
  if (doc.snapshot !== null && doc.fields.region !== undefined)
    await snapshotSection(out, doc.snapshot, doc.fields.region, doc.mpp, w, locale, heading)
  signatures(out, doc, w, locale)
  out.footers(`${doc.labName} · ${doc.slideName} · ${w.generated}`, w.page)
  return pdf.save()
}
