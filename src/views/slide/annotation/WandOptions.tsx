// The wand's options while it is the tool: its tolerance as a slider (the drag from a click changes
// the same value, and the slider follows it), so the next click grows at the tolerance set here.
import { useId } from "react"
import { useT } from "../../../i18n/index.ts"
import { WAND_TOLERANCE } from "../../../annotation/wand/region.ts"
import { Tooltip } from "../../ui/index.ts"
import * as css from "./WandOptions.css.ts"

export const WandOptions = ({ tolerance, onChange }: { readonly tolerance: number; readonly onChange: (tolerance: number) => void }) => {
  const t = useT()
  const id = useId()
  return (
    <Tooltip content={t("viewer.annotations.wandToleranceHint")} placement="top">
      <span className={css.root} data-testid="wand-options">
        <label htmlFor={id}>{t("viewer.annotations.wandTolerance")}</label>
        <input
          id={id}
          className={css.slider}
          type="range"
          min={WAND_TOLERANCE.min}
          max={WAND_TOLERANCE.max}
          step={1}
          value={Math.round(tolerance)}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={id} className={css.value}>
          {Math.round(tolerance)}
        </output>
      </span>
    </Tooltip>
  )
}
