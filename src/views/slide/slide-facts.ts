// The slide's physical description for its top bar: "98,304 × 75,520 px · 0.2500 µm/px", numbers
// grouped the reader's way (98.304 in Indonesian).

export interface SlideFacts {
  /** "98,304 × 75,520 px", or null when the size is not known yet. */
  readonly size: string | null
  /** "0.2500 µm/px", or null when the file did not say. */
  readonly resolution: string | null
}

export const slideFacts = (
  slide: { readonly width: number | null; readonly height: number | null; readonly mpp: number | null },
  locale: string
): SlideFacts => {
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const fine = new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 4 })
  return {
    size: slide.width !== null && slide.height !== null ? `${whole.format(slide.width)} × ${whole.format(slide.height)} px` : null,
    resolution: slide.mpp !== null && slide.mpp > 0 ? `${fine.format(slide.mpp)} µm/px` : null
  }
}
