// A writer that flows text down A4 pages (pdf-lib): wraps paragraphs to a width, breaks long words,
// starts a new page when the next line would cross the bottom margin, and at the end stamps every
// page's footer with "Page i of N", which only the finished document knows. Long findings in a
// report run over several pages; each line is placed whole, never cut by a page edge.
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib"
import { printable } from "./billing-pdf.ts"

export type Color = ReturnType<typeof rgb>

export const INK = rgb(0.11, 0.14, 0.19)
export const MUTED = rgb(0.4, 0.43, 0.48)
export const ACCENT = rgb(0.1, 0.33, 0.55)
export const RULE = rgb(0.82, 0.85, 0.88)
export const SHADE = rgb(0.95, 0.96, 0.97)
export const A4: [number, number] = [595.28, 841.89]
export const MARGIN = 50
/** Room kept under the text for the footer. */
const BOTTOM = 64

export interface TextOptions {
  readonly size?: number
  readonly bold?: boolean
  readonly color?: Color
  readonly alignRight?: boolean
}

export class FlowWriter {
  y = 0
  page!: PDFPage
  readonly pdf: PDFDocument
  readonly regular: PDFFont
  readonly bold: PDFFont
  /** Drawn at the top of every page after the first (e.g. the report's title, continued). */
  readonly continued: (w: FlowWriter) => void

  constructor(pdf: PDFDocument, regular: PDFFont, bold: PDFFont, continued: (w: FlowWriter) => void) {
    this.pdf = pdf
    this.regular = regular
    this.bold = bold
    this.continued = continued
    this.newPage(false)
  }

  get left() {
    return MARGIN
  }
  get right() {
    return A4[0] - MARGIN
  }
  get width() {
    return this.right - this.left
  }

  newPage(continued = true) {
    this.page = this.pdf.addPage(A4)
    this.y = A4[1] - MARGIN
    if (continued) this.continued(this)
  }

  /** Makes room for `height` points, on a new page if this one has not got it. */
  ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage()
  }

  down(by: number) {
    this.y -= by
  }

  fontOf(bold?: boolean) {
    return bold ? this.bold : this.regular
  }

  widthOf(text: string, size: number, bold?: boolean) {
    return this.fontOf(bold).widthOfTextAtSize(printable(text), size)
  }

  text(text: string, x: number, options: TextOptions = {}) {
    const size = options.size ?? 10
    const font = this.fontOf(options.bold)
    const clean = printable(text)
    const at = options.alignRight ? x - font.widthOfTextAtSize(clean, size) : x
    this.page.drawText(clean, { x: at, y: this.y, size, font, color: options.color ?? INK })
  }

  /** The lines `text` takes at `width`: its own line breaks kept, words too long for a line cut. */
  lines(text: string, width: number, size: number, bold?: boolean): string[] {
    const font = this.fontOf(bold)
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
    const out: string[] = []
    for (const paragraph of printable(text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")).split("\n")) {
      let line = ""
      for (let word of paragraph.split(/ +/)) {
        while (!fits(word)) {
          // A word wider than the line (a long accession number, a pasted URL): cut it where it fills.
          let cut = word.length - 1
          while (cut > 1 && !fits(word.slice(0, cut))) cut--
          if (line) out.push(line)
          out.push(word.slice(0, cut))
          line = ""
          word = word.slice(cut)
        }
        const next = line ? `${line} ${word}` : word
        if (fits(next)) line = next
        else {
          out.push(line)
          line = word
        }
      }
      out.push(line)
    }
    return out
  }

  /**
   * A wrapped paragraph at `x` (the page's left by default), page by page. `beside` draws something
   * next to each line (e.g. the diagnosis's accent bar), so it follows the text across pages.
   */
  paragraph(
    text: string,
    options: TextOptions & {
      readonly x?: number
      readonly width?: number
      readonly leading?: number
      readonly beside?: (top: number, height: number) => void
    } = {}
  ) {
    const size = options.size ?? 10
    const x = options.x ?? this.left
    const leading = options.leading ?? size * 1.45
    for (const line of this.lines(text, options.width ?? this.right - x, size, options.bold)) {
      this.ensure(leading)
      options.beside?.(this.y + size, leading)
      this.text(line, x, options)
      this.down(leading)
    }
  }

  rule(color: Color = RULE, thickness = 0.75) {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.right, y: this.y }, thickness, color })
  }

  /** Every page's footer, once all pages exist: `label` on the left, "Page i of N" on the right. */
  footers(label: string, pageOf: (i: number, n: number) => string) {
    const pages = this.pdf.getPages()
    pages.forEach((page, i) => {
      page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: A4[0] - MARGIN, y: 44 }, thickness: 0.5, color: RULE })
      const size = 8
      const clean = printable(label)
      const room = A4[0] - 2 * MARGIN - 90
      let shown = clean
      while (shown.length > 3 && this.regular.widthOfTextAtSize(shown, size) > room) shown = `${shown.slice(0, -4)}...`
      page.drawText(shown, { x: MARGIN, y: 32, size, font: this.regular, color: MUTED })
      const number = pageOf(i + 1, pages.length)
      page.drawText(number, {
        x: A4[0] - MARGIN - this.regular.widthOfTextAtSize(number, size),
        y: 32,
        size,
        font: this.regular,
        color: MUTED
      })
    })
  }
}
