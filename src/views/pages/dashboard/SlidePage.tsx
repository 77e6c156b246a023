// The slide viewer (/dashboard/labs/{id}/annotations). OpenSeadragon and annotation arrive with the
// viewer issue; until then the route exists and says what will open here.
import { useLocale, useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { ArrowLeftIcon, EmptyState, ImageIcon, LinkButton, PageHeader } from "../../ui/index.ts"

export default function SlidePage() {
  const t = useT()
  const { localePath } = useLocale()
  useDocumentMeta(t("dashboard.slide.title"))
  return (
    <>
      <PageHeader title={t("dashboard.slide.title")} />
      <EmptyState
        icon={<ImageIcon size={24} />}
        title={t("dashboard.slide.emptyTitle")}
        description={t("dashboard.slide.emptyBody")}
        actions={
          <LinkButton href={localePath("/dashboard/labs")} variant="secondary" iconStart={<ArrowLeftIcon size={16} />}>
            {t("dashboard.slide.back")}
          </LinkButton>
        }
      />
    </>
  )
}
