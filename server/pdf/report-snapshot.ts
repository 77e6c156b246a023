// The report's "Region" section: the snapshot of the chosen region with its annotations (region-
// snapshot.ts), as wide as the text, a scale bar on it when the slide knows its microns per pixel,
// and a caption giving the region's size (µm, or px without a resolution) and where it lies.
import { rgb } from "pdf-lib"
import type { Locale } from "../../src/contract/auth.ts"
import type { ReportRegion } from "../../src/contract/report-fields.ts"
import { type FlowWriter, INK, MUTED, RULE } from "./pdf-writer.ts"
import { SNAPSHOT_SHAPES, type Snapshot } from "./region-snapshot.ts"
import type { ReportWords } from "./report-words.ts"

const WHITE = rgb(1, 1, 1)

/** The image's height on the page at most, in points: room for the caption below it. */
const MAX_HEIGHT = 380

const number = (locale: Locale, n: number, digits = 0) =>
  new Intl.NumberFormat(locale === "id" ? "id-ID" : "en-GB", { maximumFractionDigits: digits }).format(n)

/** A round length (1, 2 or 5 times a power of ten) near a fifth of `span` µm. */
export const scaleBarMicrons = (span: number): number => {
  const target = span / 5
  const power = 10 ** Math.floor(Math.log10(target))
  return [5, 2, 1].map((m) => m * power).find((v) => v <= target) ?? power
}

export const snapshotSection = async (
  out: FlowWriter,
  snapshot: Snapshot,
  region: ReportRegion,
  mpp: number | null,
  w: ReportWords,
  locale: Locale,
  heading: (out: FlowWriter, text: string) => void
) => {
  const image = await out.pdf.embedJpg(snapshot.jpeg)
  const scale = Math.min(out.width / image.width, MAX_HEIGHT / image.height)
  const width = image.width * scale
  const height = image.height * scale
  // The heading goes with the picture: both on a new page when the picture does not fit here.
  out.ensure(height + 90)
  heading(out, w.snapshot)
  const top = out.y + 8
  out.page.drawImage(image, { x: out.left, y: top - height, width, height })
  out.page.drawRectangle({ x: out.left, y: top - height, width, height, borderColor: RULE, borderWidth: 0.8 })
  if (mpp !== null) {
    const micronsAcross = region.width * mpp
    const bar = scaleBarMicrons(micronsAcross)
    const barWidth = (bar / micronsAcross) * width
    const x = out.left + 10
    const y = top - height + 12
    out.page.drawRectangle({ x: x - 4, y: y - 5, width: barWidth + 8, height: 20, color: INK, opacity: 0.55 })
    out.page.drawRectangle({ x, y, width: barWidth, height: 2.5, color: WHITE })
    const label = bar >= 1000 ? `${number(locale, bar / 1000)} mm` : `${number(locale, bar)} µm`
    out.page.drawText(label, { x, y: y + 5, size: 7, font: out.regular, color: WHITE })
  }
  out.y = top - height - 14
  const size =
    mpp === null
      ? `${number(locale, region.width)} × ${number(locale, region.height)} px`
      : `${number(locale, region.width * mpp, 0)} × ${number(locale, region.height * mpp, 0)} µm`
  out.paragraph(w.region(size, `${number(locale, region.x)}, ${number(locale, region.y)} px`), { size: 8.5, color: MUTED })
  if (snapshot.omitted > 0) out.paragraph(w.omitted(SNAPSHOT_SHAPES), { size: 8.5, color: MUTED })
}
