// An inline message in the page flow. Errors and warnings use role="alert" (announced at once),
// info and success role="status" (announced politely).
import type { ReactNode } from "react"
import * as css from "./Alert.css.ts"
import { cx } from "./cx.ts"
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from "./icons.tsx"

export type AlertKind = "info" | "success" | "warning" | "error"

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: AlertTriangleIcon, error: AlertCircleIcon }

export interface AlertProps {
  kind?: AlertKind
  title?: ReactNode
  children?: ReactNode
  /** A button or link on the right, e.g. "Resend". */
  action?: ReactNode
  className?: string
}

export const Alert = ({ kind = "info", title, children, action, className }: AlertProps) => {
  const Icon = icons[kind]
  return (
    <div role={kind === "error" || kind === "warning" ? "alert" : "status"} className={cx(css.root, css.kind[kind], className)}>
      <Icon size={18} className={css.icon} />
      <div className={css.body}>
        {title && <div className={css.title}>{title}</div>}
        {children && <div className={title ? css.message : undefined}>{children}</div>}
      </div>
      {action && <div className={css.action}>{action}</div>}
    </div>
  )
}
