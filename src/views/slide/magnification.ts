// What the zoom indicator says. With the slide's microns per pixel known, the equivalent objective
// magnification, by the whole-slide convention that 0.25 µm per pixel seen 1:1 is "40x" (0.5 µm is
// 20x): magnification = 40 x 0.25 / (µm per screen pixel) = 10 x imageZoom / mpp. Without it, the
// plain zoom as a percentage of full resolution.

/** The objective that scans at 0.25 µm per pixel. */
export const REFERENCE_OBJECTIVE = 40
export const REFERENCE_MPP = 0.25

export type Magnification = { readonly kind: "objective"; readonly value: number } | { readonly kind: "percent"; readonly value: number }

/** `imageZoom`: screen pixels per full-resolution image pixel. */
export const magnificationOf = (imageZoom: number, mpp: number | null): Magnification =>
  mpp !== null && mpp > 0
    ? { kind: "objective", value: (REFERENCE_OBJECTIVE * REFERENCE_MPP * imageZoom) / mpp }
    : { kind: "percent", value: imageZoom * 100 }

/** Two significant figures below 10 ("2.5", "0.63"), whole numbers above ("40", "160"). */
export const roundForDisplay = (value: number): number => {
  if (!(value > 0) || !Number.isFinite(value)) return 0
  if (value >= 10) return Math.round(value)
  return Number(value.toPrecision(2))
}

/** "20x", "2.5x", "35%". */
export const magnificationLabel = (magnification: Magnification, formatNumber: (n: number) => string = String): string => {
  const shown = formatNumber(roundForDisplay(magnification.value))
  return magnification.kind === "objective" ? `${shown}x` : `${shown}%`
}
