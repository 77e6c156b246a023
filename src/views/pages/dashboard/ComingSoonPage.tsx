// Train AI and Help & FAQ: these menu items only show a 'coming soon' message for now.
import { useLocation } from "wouter"
import { useT } from "../../../i18n/index.ts"
import { whatsappUrl } from "../../contact.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { buttonClassName, EmptyState, HelpCircleIcon, PageHeader, SparklesIcon, WhatsAppIcon } from "../../ui/index.ts"
import * as css from "./ComingSoonPage.css.ts"

export default function ComingSoonPage() {
  const t = useT()
  const [location] = useLocation()
  const help = location.endsWith("/help-faq")
  const title = help ? t("dashboard.comingSoon.helpFaqTitle") : t("dashboard.comingSoon.trainAiTitle")
  useDocumentMeta(title)
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={help ? <HelpCircleIcon size={24} /> : <SparklesIcon size={24} />}
        title={<span className={css.badge}>{t("dashboard.comingSoon.badge")}</span>}
        description={help ? t("dashboard.comingSoon.helpFaqBody") : t("dashboard.comingSoon.trainAiBody")}
        actions={
          help && (
            <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "secondary" })}>
              <WhatsAppIcon size={16} />
              {t("shell.contact.short")}
            </a>
          )
        }
      />
    </>
  )
}
