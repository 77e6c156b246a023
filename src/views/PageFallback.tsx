// What shows while a page's code chunk loads (the Suspense fallback), per frame: a content skeleton
// inside the dashboard, a quiet spinner elsewhere. Mounted = loading, so it drives the top progress bar.
import { useT } from "../i18n/index.ts"
import type { LayoutKind } from "./layout-of.ts"
import * as css from "./PageFallback.css.ts"
import { useProgressWhileMounted } from "./progress/ProgressProvider.tsx"
import { visuallyHidden } from "./theme/utilities.css.ts"
import { Logo, Skeleton, Spinner } from "./ui/index.ts"

export const PageFallback = ({ layout }: { layout: LayoutKind }) => {
  useProgressWhileMounted()
  if (layout === "dashboard" || layout === "settings") return <ContentSkeleton />
  if (layout === "bare") return <FullPageLoading />
  return (
    <div className={css.inline}>
      <Spinner size={22} />
    </div>
  )
}

const tiles = ["a", "b", "c", "d", "e", "f", "g", "h"]

/** A skeleton shaped like a dashboard page: title row and a grid of tiles. */
export const ContentSkeleton = () => {
  const t = useT()
  return (
    <div className={css.page} aria-busy="true">
      <span role="status" className={visuallyHidden}>
        {t("common.loading")}
      </span>
      <div className={css.pageHead}>
        <div style={{ display: "flex", flexDirection: "column", gap: 10, width: "40%" }}>
          <Skeleton height={22} width="55%" />
          <Skeleton height={12} width="80%" />
        </div>
        <div style={{ display: "flex", gap: 8 }}>
          <Skeleton height={36} width={96} radius={8} />
          <Skeleton height={36} width={96} radius={8} />
        </div>
      </div>
      <div className={css.grid}>
        {tiles.map((tile) => (
          <div key={tile} className={css.tile}>
            <Skeleton height={120} radius={8} />
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="40%" />
          </div>
        ))}
      </div>
    </div>
  )
}

/** The whole-window loading screen (first load, session restore). */
export const FullPageLoading = ({ label }: { label?: string }) => {
  const t = useT()
  return (
    <div className={css.full}>
      <span className={css.mark}>
        <Logo size={36} />
      </span>
      <div className={css.row}>
        <Spinner size={18} label={label ?? t("common.loading")} />
        <span aria-hidden="true">{label ?? t("common.loading")}</span>
      </div>
    </div>
  )
}
