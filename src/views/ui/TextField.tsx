// A labelled text input. The label is a real <label for>, and hint/error are wired through
// aria-describedby, so screen readers and Playwright's getByLabel find the control.
import { type ComponentProps, type ReactNode, useId } from "react"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { cx } from "./cx.ts"
import * as css from "./Field.css.ts"
import { AlertCircleIcon } from "./icons.tsx"

export interface TextFieldProps extends ComponentProps<"input"> {
  label: ReactNode
  hint?: ReactNode
  /** Error text; when present the input is marked invalid. */
  error?: ReactNode
  /** A control drawn inside the input on the right (e.g. the password visibility toggle). */
  trailing?: ReactNode
  /** Hides the label visually but keeps it for assistive technology. */
  hideLabel?: boolean
}

export const TextField = ({ label, hint, error, trailing, hideLabel, id, className, required, ...input }: TextFieldProps) => {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null, input["aria-describedby"]].filter(Boolean).join(" ") || undefined
  return (
    <div className={cx(css.field, className)}>
      <label htmlFor={inputId} className={hideLabel ? visuallyHidden : css.label}>
        {label}
        {required && (
          <span className={css.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={css.control}>
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(css.input, trailing ? css.inputWithTrailing : undefined)}
          {...input}
        />
        {trailing && <div className={css.trailing}>{trailing}</div>}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && !error && (
        <p id={hintId} className={css.hint}>
          {hint}
        </p>
      )}
    </div>
  )
}

/** The error line under a field; `role="alert"` would re-announce on every keystroke, so it is plain text tied by aria-describedby. */
export const FieldError = ({ id, children }: { id?: string; children: ReactNode }) => (
  <p id={id} className={css.error}>
    <AlertCircleIcon size={14} style={{ flex: "none", marginTop: 1 }} />
    <span>{children}</span>
  </p>
)
