// Pricing (/dashboard/pricing), reached from the storage meter. Plans come from the server in the
// billing issue; until then the page says so and offers the sales contact (spec: contact-us for plans).
import { useT } from "../../../i18n/index.ts"
import { whatsappUrl } from "../../contact.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { buttonClassName, CreditCardIcon, EmptyState, PageHeader, WhatsAppIcon } from "../../ui/index.ts"

export default function PricingPage() {
  const t = useT()
  useDocumentMeta(t("dashboard.pricing.title"))
  return (
    <>
      <PageHeader title={t("dashboard.pricing.title")} description={t("dashboard.pricing.description")} />
      <EmptyState
        icon={<CreditCardIcon size={24} />}
        title={t("dashboard.pricing.emptyTitle")}
        description={t("dashboard.pricing.emptyBody")}
        actions={
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "primary" })}>
            <WhatsAppIcon size={16} />
            {t("dashboard.pricing.contact")}
          </a>
        }
      />
    </>
  )
}
