// Status Billing (/dashboard/setting/billing and /billings): the invoice list with its status.
// Invoices arrive with the billing issue; until then the honest empty state.
import { useLocale, useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { Card, EmptyState, LinkButton, ReceiptIcon } from "../../ui/index.ts"

export default function BillingPage() {
  const t = useT()
  const { localePath } = useLocale()
  useDocumentMeta(t("dashboard.billing.title"))
  return (
    <Card title={t("dashboard.billing.title")} description={t("dashboard.billing.description")} padding="none">
      <EmptyState
        bordered={false}
        icon={<ReceiptIcon size={24} />}
        title={t("dashboard.billing.emptyTitle")}
        description={t("dashboard.billing.emptyBody")}
        actions={
          <LinkButton href={localePath("/dashboard/pricing")} variant="secondary">
            {t("dashboard.billing.viewPlans")}
          </LinkButton>
        }
      />
    </Card>
  )
}
