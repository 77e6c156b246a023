// Grid / list switch for lab listings. Shown (grid selected) but inert until the labs issue wires the
// listing; the tooltip explains.
import { useT } from "../../i18n/index.ts"
import { cx, GridIcon, ListIcon, Tooltip } from "../ui/index.ts"
import * as css from "./ViewSwitch.css.ts"

export const ViewSwitch = () => {
  const t = useT()
  return (
    <Tooltip content={t("dashboard.actions.unavailable")} placement="bottom">
      <fieldset aria-label={t("dashboard.actions.view")} className={css.group}>
        <button type="button" aria-pressed="true" aria-disabled="true" aria-label={t("dashboard.actions.viewGrid")} className={cx(css.option, css.selected)}>
          <GridIcon size={16} />
        </button>
        <button type="button" aria-pressed="false" aria-disabled="true" aria-label={t("dashboard.actions.viewList")} className={css.option}>
          <ListIcon size={16} />
        </button>
      </fieldset>
    </Tooltip>
  )
}
