// An indeterminate spinner with a status role, so "loading" is announced once.
import { useT } from "../../i18n/index.ts"
import * as css from "./Spinner.css.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"

export interface SpinnerProps {
  size?: number
  /** What is loading; defaults to "Loading…". */
  label?: string
  className?: string
}

export const Spinner = ({ size = 20, label, className }: SpinnerProps) => {
  const t = useT()
  return (
    <span role="status" className={className} style={{ display: "inline-flex", color: "inherit" }}>
      <span className={css.spinner} style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 10)) }} />
      <span className={visuallyHidden}>{label ?? t("common.loading")}</span>
    </span>
  )
}
