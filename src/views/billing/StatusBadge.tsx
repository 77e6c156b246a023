// An invoice's status as a coloured badge, with what it means for the user as its title.
import type { InvoiceStatus } from "../../contract/billing.ts"
import { useT } from "../../i18n/index.ts"
import * as css from "./billing.css.ts"

export const StatusBadge = ({ status }: { readonly status: InvoiceStatus }) => {
  const t = useT()
  return (
    <span className={css.badge[status]} title={t(`billing.statusHint.${status}`)} data-status={status}>
      {t(`billing.status.${status}`)}
    </span>
  )
}
