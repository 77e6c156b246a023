// A checkbox with its label (which may contain links, e.g. "I accept the EULA").
import { type ComponentProps, type ReactNode, useId } from "react"
import * as css from "./Checkbox.css.ts"
import { cx } from "./cx.ts"
import { FieldError } from "./TextField.tsx"
import { CheckIcon } from "./icons.tsx"

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type"> {
  label: ReactNode
  error?: ReactNode
}

export const Checkbox = ({ label, error, id, className, ...input }: CheckboxProps) => {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  return (
    <div className={cx(css.root, className)}>
      <label htmlFor={inputId} className={css.row}>
        <span className={css.box}>
          <input
            id={inputId}
            type="checkbox"
            className={css.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          <span className={css.mark}>
            <CheckIcon size={12} strokeWidth={3} />
          </span>
        </span>
        <span>{label}</span>
      </label>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  )
}
