// Which scale bar to draw: the longest "nice" length (1, 2 or 5 x 10^n µm) that fits in `maxPx`
// screen pixels at the current zoom. With 1-2-5 steps the next length is at most 2.5 times the
// last, so the bar is always between maxPx / 2.5 and maxPx long (80-200 px by default).

export interface ScaleBar {
  /** The length the bar stands for, in micrometres. */
  readonly micrometres: number
  /** Its length on screen, in CSS pixels. */
  readonly px: number
  /** What its label says: "500 µm", "1 mm", "200 nm". */
  readonly value: number
  readonly unit: "nm" | "µm" | "mm"
}

export const SCALE_BAR_MAX_PX = 200

const STEPS = [5, 2, 1] as const

/** The largest 1-2-5 x 10^n value not above `limit` (limit > 0). */
export const niceFloor = (limit: number): number => {
  const decade = 10 ** Math.floor(Math.log10(limit))
  // Floating point: log10(1000) may land a hair under 3, so compare with a little tolerance.
  for (const step of STEPS) if (step * decade <= limit * (1 + 1e-9)) return step * decade
  return decade
}

/** A length in µm as the label shows it, in the unit that keeps the number between 1 and 999. */
export const lengthLabel = (micrometres: number): { readonly value: number; readonly unit: ScaleBar["unit"] } => {
  if (micrometres >= 1000) return { value: round(micrometres / 1000), unit: "mm" }
  if (micrometres < 1) return { value: round(micrometres * 1000), unit: "nm" }
  return { value: round(micrometres), unit: "µm" }
}

// Nice values are exact in decimal but not in binary (0.2 * 1000 = 200.00000000000003).
const round = (n: number) => Number(n.toPrecision(6))

/**
 * The bar for a slide of `mpp` microns per image pixel shown at `imageZoom` screen pixels per image
 * pixel; null when either is unknown or not a positive number.
 */
export const scaleBarFor = (mpp: number | null, imageZoom: number, maxPx = SCALE_BAR_MAX_PX): ScaleBar | null => {
  if (mpp === null || !(mpp > 0) || !(imageZoom > 0) || !Number.isFinite(imageZoom)) return null
  const micronsPerScreenPixel = mpp / imageZoom
  const micrometres = niceFloor(maxPx * micronsPerScreenPixel)
  return { micrometres, px: micrometres / micronsPerScreenPixel, ...lengthLabel(micrometres) }
}
