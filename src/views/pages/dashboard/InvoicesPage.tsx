// Invoices: /dashboard/invoices/{id} is one invoice and paying it; without an id, the list (the same
// as Settings > Status Billing).
import { useParams } from "wouter"
import { useT } from "../../../i18n/index.ts"
import { InvoiceList } from "../../billing/InvoiceList.tsx"
import { InvoiceView } from "../../billing/InvoiceView.tsx"
import { useDocumentMeta } from "../../document-meta.ts"
import { Card, PageHeader } from "../../ui/index.ts"

export default function InvoicesPage() {
  const { id } = useParams<{ id?: string }>()
  // Keyed by the id, so going from one invoice to another starts afresh.
  return id ? <InvoiceView key={id} id={id} /> : <AllInvoices />
}

function AllInvoices() {
  const t = useT()
  useDocumentMeta(t("billing.list.title"))
  return (
    <>
      <PageHeader title={t("billing.list.title")} description={t("billing.list.description")} />
      <Card padding="none">
        <InvoiceList />
      </Card>
    </>
  )
}
