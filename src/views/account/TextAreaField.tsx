// A labelled multi-line input with the kit's field look (the kit has no textarea yet).
import { type ComponentProps, type ReactNode, useId } from "react"
import * as field from "../ui/Field.css.ts"
import { cx, FieldError } from "../ui/index.ts"
import * as css from "./settings.css.ts"

export interface TextAreaFieldProps extends ComponentProps<"textarea"> {
  readonly label: ReactNode
  readonly hint?: ReactNode
  readonly error?: ReactNode
}

export const TextAreaField = ({ label, hint, error, id, className, ...textarea }: TextAreaFieldProps) => {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined
  return (
    <div className={cx(field.field, className)}>
      <label htmlFor={inputId} className={field.label}>
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(field.input, css.textarea)}
        {...textarea}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && !error && (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      )}
    </div>
  )
}
