// The current magnification beside the scale bar: the equivalent objective ("20x", by 0.25 µm per
// pixel = 40x) when the slide's microns per pixel are known, else the zoom as a percentage of full
// resolution. Follows every animation frame.
import type OpenSeadragon from "openseadragon"
import { useLocale, useT } from "../../i18n/index.ts"
import { magnificationLabel, magnificationOf } from "./magnification.ts"
import * as css from "./ZoomIndicator.css.ts"
import { useImageZoom } from "./useImageZoom.ts"

export const ZoomIndicator = ({ viewer, mpp }: { readonly viewer: OpenSeadragon.Viewer; readonly mpp: number | null }) => {
  const t = useT()
  const { locale } = useLocale()
  const zoom = useImageZoom(viewer)
  if (zoom === null) return null
  const magnification = magnificationOf(zoom, mpp)
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const label = magnificationLabel(magnification, (n) => number.format(n))
  const described =
    magnification.kind === "objective" ? t("viewer.zoom.objective", { value: label }) : t("viewer.zoom.percent", { value: label })
  return (
    <output className={css.root} data-testid="zoom-indicator" aria-label={described} title={described}>
      {label}
    </output>
  )
}
