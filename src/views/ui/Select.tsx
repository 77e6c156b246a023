// A native <select> dressed like the text inputs: native keeps keyboard, mobile pickers and forms working.
import { type ComponentProps, type ReactNode, useId } from "react"
import { cx } from "./cx.ts"
import * as css from "./Field.css.ts"
import { ChevronDownIcon } from "./icons.tsx"
import { FieldError } from "./TextField.tsx"

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps extends Omit<ComponentProps<"select">, "children"> {
  label: ReactNode
  options: ReadonlyArray<SelectOption>
  placeholder?: string
  hint?: ReactNode
  error?: ReactNode
}

export const Select = ({ label, options, placeholder, hint, error, id, className, ...select }: SelectProps) => {
  const autoId = useId()
  const selectId = id ?? autoId
  const noteId = `${selectId}-note`
  return (
    <div className={cx(css.field, className)}>
      <label htmlFor={selectId} className={css.label}>
        {label}
      </label>
      <div className={css.control}>
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          className={cx(css.input, css.inputWithTrailing)}
          {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <span className={css.trailingIcon}>
          <ChevronDownIcon size={16} />
        </span>
      </div>
      {error ? (
        <FieldError id={noteId}>{error}</FieldError>
      ) : (
        hint && (
          <p id={noteId} className={css.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  )
}
