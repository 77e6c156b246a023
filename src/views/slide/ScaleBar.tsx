// A scale bar, bottom-left of the viewer: a bar of a round length ("500 µm", "1 mm") that stays
// between 80 and 200 px long as the user zooms, redrawn on every frame the viewer animates. When the
// file did not record its microns per pixel there is no honest scale: a hint says so instead.
import type OpenSeadragon from "openseadragon"
import { useLocale, useT } from "../../i18n/index.ts"
import { scaleBarFor } from "./scale-bar.ts"
import * as css from "./ScaleBar.css.ts"
import { useImageZoom } from "./useImageZoom.ts"

export const ScaleBar = ({ viewer, mpp }: { readonly viewer: OpenSeadragon.Viewer; readonly mpp: number | null }) => {
  const t = useT()
  const { locale } = useLocale()
  const zoom = useImageZoom(viewer)
  if (mpp === null) {
    return (
      <span className={css.unknown} data-testid="scale-unknown" title={t("viewer.scale.unknownHint")}>
        {t("viewer.scale.unknown")}
      </span>
    )
  }
  const bar = zoom === null ? null : scaleBarFor(mpp, zoom)
  if (bar === null) return null
  const label = `${new Intl.NumberFormat(locale).format(bar.value)} ${bar.unit}`
  return (
    <div className={css.root} data-testid="scale-bar" role="img" aria-label={t("viewer.scale.label", { length: label })}>
      <span className={css.label} data-testid="scale-bar-label">
        {label}
      </span>
      <span className={css.bar} style={{ width: Math.round(bar.px) }} />
    </div>
  )
}
