// Status Billing (/dashboard/setting/billing and /billings): one's invoices with their status.
import { useLocale, useT } from "../../../i18n/index.ts"
import { InvoiceList } from "../../billing/InvoiceList.tsx"
import { useDocumentMeta } from "../../document-meta.ts"
import { Card, LinkButton } from "../../ui/index.ts"
import { links } from "../../../contract/routes.ts"

export default function BillingPage() {
  const t = useT()
  const { localePath } = useLocale()
  useDocumentMeta(t("billing.list.title"))
  return (
    <Card
      title={t("billing.list.title")}
      description={t("billing.list.description")}
      padding="none"
      actions={
        <LinkButton href={localePath(links.pricing())} variant="secondary" size="sm">
          {t("billing.list.viewPlans")}
        </LinkButton>
      }
    >
      <InvoiceList />
    </Card>
  )
}
