// Grid / list switch for lab listings: two pressed-state buttons in one group.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { cx, GridIcon, ListIcon, Tooltip } from "../ui/index.ts"
import * as css from "./ViewSwitch.css.ts"

export type ViewChoice = "grid" | "table"

export const ViewSwitch = ({ value, onChange }: { readonly value: ViewChoice; readonly onChange: (view: ViewChoice) => void }) => {
  const t = useT()
  const option = (view: ViewChoice, label: string, icon: ReactNode) => (
    <Tooltip content={label} placement="bottom">
      <button
        type="button"
        aria-pressed={value === view}
        aria-label={label}
        className={cx(css.option, value === view && css.selected)}
        onClick={() => onChange(view)}
      >
        {icon}
      </button>
    </Tooltip>
  )
  return (
    <fieldset aria-label={t("labs.actions.view")} className={css.group}>
      {option("grid", t("labs.actions.viewGrid"), <GridIcon size={16} />)}
      {option("table", t("labs.actions.viewList"), <ListIcon size={16} />)}
    </fieldset>
  )
}
