// An on/off control (WAI-ARIA switch): a button that says whether it is on, with its label beside it.
import { useId } from "react"
import { cx } from "./cx.ts"
import * as css from "./Switch.css.ts"

export interface SwitchProps {
  readonly label: string
  readonly checked: boolean
  readonly onChange: (checked: boolean) => void
  readonly disabled?: boolean
  /** Shown under the label, and read as the switch's description. */
  readonly hint?: string
  readonly busy?: boolean
}

export const Switch = ({ label, checked, onChange, disabled = false, hint, busy = false }: SwitchProps) => {
  const labelId = useId()
  const hintId = useId()
  return (
    <div className={css.root}>
      <div className={css.text}>
        <span id={labelId} className={css.label}>
          {label}
        </span>
        {hint && (
          <span id={hintId} className={css.hint}>
            {hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        className={cx(css.track, checked && css.on)}
        onClick={() => onChange(!checked)}
      >
        <span className={css.thumb} />
      </button>
    </div>
  )
}
