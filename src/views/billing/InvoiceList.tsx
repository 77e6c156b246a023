// One's invoices, newest first: number (to the invoice), plan, amount, date and status.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { invoiceListMachine } from "../../machines/billing/invoiceList.machine.ts"
import { formatDate } from "../account/dates.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { Alert, Button, EmptyState, LinkButton, ReceiptIcon, Skeleton } from "../ui/index.ts"
import * as css from "./billing.css.ts"
import { formatIdr } from "./format.ts"
import { StatusBadge } from "./StatusBadge.tsx"
import { links } from "../../contract/routes.ts"

export function InvoiceList() {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { text } = useNoticeText()
  const actor = useActorRef(invoiceListMachine)
  const { results, meta, error } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) => (s.matches("failed") ? "failed" : s.matches("loading") ? "loading" : "ready"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))

  if (phase === "failed") {
    return (
      <Alert
        kind="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "invoices.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {error === null ? t("billing.list.failed") : text(error)}
      </Alert>
    )
  }
  if (phase === "loading") {
    return (
      <div aria-busy="true" style={{ padding: 16 }}>
        <Skeleton height={160} radius={8} />
      </div>
    )
  }
  if (results.length === 0) {
    return (
      <EmptyState
        bordered={false}
        icon={<ReceiptIcon size={24} />}
        title={t("billing.list.emptyTitle")}
        description={t("billing.list.emptyBody")}
        actions={
          <LinkButton href={localePath(links.pricing())} variant="secondary">
            {t("billing.list.viewPlans")}
          </LinkButton>
        }
      />
    )
  }
  return (
    <>
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.th} scope="col">
              {t("billing.list.number")}
            </th>
            <th className={`${css.th} ${css.hideNarrow}`} scope="col">
              {t("billing.list.plan")}
            </th>
            <th className={css.th} scope="col">
              {t("billing.list.amount")}
            </th>
            <th className={`${css.th} ${css.hideNarrow}`} scope="col">
              {t("billing.list.created")}
            </th>
            <th className={css.th} scope="col">
              {t("billing.list.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((invoice) => (
            <tr key={invoice.id}>
              <td className={css.td}>
                <Link href={localePath(links.invoice(invoice.id))} className={css.link}>
                  {invoice.number}
                </Link>
              </td>
              <td className={`${css.td} ${css.hideNarrow}`}>{invoice.tier_name}</td>
              <td className={`${css.td} ${css.mono}`}>{formatIdr(locale, invoice.amount)}</td>
              <td className={`${css.td} ${css.hideNarrow}`}>{formatDate(locale, invoice.created_at)}</td>
              <td className={css.td}>
                <StatusBadge status={invoice.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error !== null && <Alert kind="error">{text(error)}</Alert>}
      {meta?.next_page != null && (
        <div style={{ padding: 16 }}>
          <Button variant="secondary" loading={busy} onClick={() => actor.send({ type: "invoices.more" })}>
            {t("billing.list.more")}
          </Button>
        </div>
      )}
    </>
  )
}
