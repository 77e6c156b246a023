// A number field of the analysis form: its label, the text as typed, and its unit beside it.
import * as css from "./analysis.css.ts"

export const NumberField = ({
  label,
  value,
  unit,
  onChange,
  testId
}: {
  readonly label: string
  readonly value: string
  readonly unit?: string
  readonly onChange: (value: string) => void
  readonly testId?: string
}) => (
  <label className={css.numberField}>
    {label}
    <span className={css.withUnit}>
      <input
        className={css.numberInput}
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {unit && <span className={css.unit}>{unit}</span>}
    </span>
  </label>
)
