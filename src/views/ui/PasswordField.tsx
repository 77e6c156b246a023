// A TextField whose value can be revealed. The toggle is a real button with a state-describing label
// and aria-pressed, and it does not submit the form (type="button").
import { useState } from "react"
import { useT } from "../../i18n/index.ts"
import * as css from "./Field.css.ts"
import { EyeIcon, EyeOffIcon } from "./icons.tsx"
import { TextField, type TextFieldProps } from "./TextField.tsx"

export interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "trailing"> {
  /** Accessible names of the visibility toggle; "Show password" / "Hide password" by default. */
  toggleLabels?: { show: string; hide: string }
}

export const PasswordField = ({ toggleLabels, autoComplete = "current-password", ...props }: PasswordFieldProps) => {
  const t = useT()
  const [visible, setVisible] = useState(false)
  const labels = toggleLabels ?? { show: t("common.showPassword"), hide: t("common.hidePassword") }
  return (
    <TextField
      {...props}
      autoComplete={autoComplete}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          className={css.iconButton}
          aria-label={visible ? labels.hide : labels.show}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
        </button>
      }
    />
  )
}
