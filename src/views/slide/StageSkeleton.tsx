// The stage while the slide loads: the outline of a glass slide, shimmering, where the image will be.
import { useT } from "../../i18n/index.ts"
import * as layout from "./SlideLayout.css.ts"
import * as css from "./StageSkeleton.css.ts"

export const StageSkeleton = () => {
  const t = useT()
  return (
    <div className={css.root} role="status" data-testid="slide-loading">
      <span className={layout.placeholder} style={{ width: "min(62%, 720px)", aspectRatio: "3 / 1.2", borderRadius: 10 }} />
      <span className={css.label}>{t("viewer.loading")}</span>
    </div>
  )
}
