// The shape of the list while its first page loads, in the chosen view.
import type { ViewMode } from "../../machines/labs/labsBrowser.machine.ts"
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Skeleton } from "../ui/index.ts"
import * as css from "./labs.css.ts"

const TILES = 10
const ROWS = 6

export const LabsSkeleton = ({ view }: { readonly view: ViewMode }) => {
  const t = useT()
  return (
    <div aria-busy="true">
      <span className={visuallyHidden} role="status">
        {t("labs.list.loading")}
      </span>
      {view === "grid" ? (
        <ul className={css.grid} aria-hidden="true">
          {Array.from({ length: TILES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={css.tile}>
              <div className={css.tileThumb}>
                <Skeleton height="100%" radius={0} />
              </div>
              <div className={css.tileBody}>
                <Skeleton height={12} width="72%" />
                <Skeleton height={10} width="46%" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className={css.tableWrap} aria-hidden="true">
          {Array.from({ length: ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className={css.skeletonRow}>
              <Skeleton width={18} height={18} radius={5} />
              <Skeleton width={36} height={28} radius={6} />
              <Skeleton width="34%" height={12} />
              <span className={css.grow} />
              <Skeleton width={120} height={10} />
              <Skeleton width={64} height={10} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
