// Microns per pixel from a TIFF's tags: the Aperio description first (the scanner's own
// calibration), then the resolution tags. Without a trustworthy value the slide has no scale bar
// rather than a wrong one.
import type { ResolutionTags } from "./tiff-tags.ts"

const MICRONS_PER_UNIT: Record<number, number> = { 2: 25_400, 3: 10_000 }

// Resolution tags are often a 72 or 300 dpi default from a generic writer (352 or 85 µm/px); a
// microscope sees well under this, so larger values are taken as "not calibrated".
const MAX_PLAUSIBLE_MPP = 50

// Aperio SVS: "Aperio Image Library v11.2.1 \r\n46000x32914 [...] |AppMag = 20|MPP = 0.4990|..."
const APERIO_MPP = /\|\s*MPP\s*=\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)/

const plausible = (mpp: number) => (Number.isFinite(mpp) && mpp > 0 && mpp <= MAX_PLAUSIBLE_MPP ? mpp : null)

export const micronsPerPixel = (tags: ResolutionTags | undefined): number | null => {
  if (!tags) return null
  const aperio = tags.description?.match(APERIO_MPP)?.[1]
  if (aperio !== undefined) {
    const mpp = plausible(Number(aperio))
    if (mpp !== null) return mpp
  }
  const perUnit = MICRONS_PER_UNIT[tags.resolutionUnit]
  // Non-square pixels are not something a viewer's scale bar can show; use the horizontal size.
  const resolution = tags.xResolution ?? tags.yResolution
  if (perUnit === undefined || resolution === undefined || resolution <= 0) return null
  return plausible(perUnit / resolution)
}
