// Invoices (/dashboard/invoices and /dashboard/invoices/{id}). Invoices arrive with the billing issue.
import { useParams } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { EmptyState, LinkButton, PageHeader, ReceiptIcon } from "../../ui/index.ts"

export default function InvoicesPage() {
  const t = useT()
  const { localePath } = useLocale()
  const { id } = useParams<{ id?: string }>()
  const title = id ? t("dashboard.invoices.detailTitle", { id }) : t("dashboard.invoices.title")
  useDocumentMeta(title)
  return (
    <>
      <PageHeader title={title} description={id ? undefined : t("dashboard.invoices.description")} />
      <EmptyState
        icon={<ReceiptIcon size={24} />}
        title={id ? t("dashboard.invoices.detailEmptyTitle") : t("dashboard.invoices.emptyTitle")}
        description={id ? t("dashboard.invoices.detailEmptyBody") : t("dashboard.invoices.emptyBody")}
        actions={
          <LinkButton href={localePath("/dashboard/setting/billings")} variant="secondary">
            {t("dashboard.invoices.toBilling")}
          </LinkButton>
        }
      />
    </>
  )
}
