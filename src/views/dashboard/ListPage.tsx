// The frame of the lab-list pages (recent, favorite, shared, trash): header, optional actions, and
// the list's honest empty state until the labs issue brings the data.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { useDocumentMeta } from "../document-meta.ts"
import { EmptyState, PageHeader } from "../ui/index.ts"

export interface ListPageProps {
  /** Key under `dashboard`, e.g. "recent". */
  area: string
  icon: ReactNode
  actions?: ReactNode
}

export const ListPage = ({ area, icon, actions }: ListPageProps) => {
  const t = useT()
  useDocumentMeta(t(`dashboard.${area}.title`))
  return (
    <>
      <PageHeader title={t(`dashboard.${area}.title`)} description={t(`dashboard.${area}.description`)} actions={actions} />
      <EmptyState icon={icon} title={t(`dashboard.${area}.emptyTitle`)} description={t(`dashboard.${area}.emptyBody`)} />
    </>
  )
}
