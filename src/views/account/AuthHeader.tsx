// The top of an auth page: an icon, the page's one <h1>, and a sentence saying what to do.
import type { ReactNode } from "react"
import { cx } from "../ui/index.ts"
import * as css from "./auth.css.ts"

export interface AuthHeaderProps {
  readonly icon: ReactNode
  readonly title: ReactNode
  readonly lead?: ReactNode
  readonly tone?: "default" | "success" | "danger"
}

export const AuthHeader = ({ icon, title, lead, tone = "default" }: AuthHeaderProps) => (
  <header className={css.header}>
    <span className={cx(css.badge, tone === "success" && css.badgeSuccess, tone === "danger" && css.badgeDanger)} aria-hidden="true">
      {icon}
    </span>
    <h1 className={css.title}>{title}</h1>
    {lead && <p className={css.lead}>{lead}</p>}
  </header>
)
