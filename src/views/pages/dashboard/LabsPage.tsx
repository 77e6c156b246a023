// All File (/dashboard/labs), a folder (/dashboard/labs/{id}) and search (?search=): the header with
// upload, new folder, search and view switch, and the empty state. Listing arrives with the labs issue.
import { useParams, useSearch } from "wouter"
import { useT } from "../../../i18n/index.ts"
import { UnavailableAction } from "../../dashboard/UnavailableAction.tsx"
import { ViewSwitch } from "../../dashboard/ViewSwitch.tsx"
import { useDocumentMeta } from "../../document-meta.ts"
import { EmptyState, FolderIcon, FolderPlusIcon, PageHeader, SearchIcon, UploadIcon } from "../../ui/index.ts"

export default function LabsPage() {
  const t = useT()
  const params = useParams<{ "*"?: string }>()
  const query = new URLSearchParams(useSearch()).get("search")?.trim() ?? ""
  const inFolder = Boolean(params["*"])

  const title = query ? t("dashboard.labs.searchTitle") : inFolder ? t("dashboard.labs.folderTitle") : t("dashboard.labs.title")
  useDocumentMeta(title)

  const empty = query
    ? { icon: <SearchIcon size={24} />, title: t("dashboard.labs.searchEmptyTitle"), body: t("dashboard.labs.searchEmptyBody", { query }) }
    : inFolder
      ? { icon: <FolderIcon size={24} />, title: t("dashboard.labs.folderEmptyTitle"), body: t("dashboard.labs.folderEmptyBody") }
      : { icon: <FolderIcon size={24} />, title: t("dashboard.labs.emptyTitle"), body: t("dashboard.labs.emptyBody") }

  return (
    <>
      <PageHeader
        title={title}
        description={query ? t("dashboard.labs.searchDescription", { query }) : inFolder ? undefined : t("dashboard.labs.description")}
        actions={
          <>
            <UnavailableAction label={t("dashboard.actions.search")} icon={<SearchIcon size={16} />} variant="ghost" iconOnly />
            <ViewSwitch />
            <UnavailableAction label={t("dashboard.actions.createFolder")} icon={<FolderPlusIcon size={16} />} />
            <UnavailableAction label={t("dashboard.actions.upload")} icon={<UploadIcon size={16} />} variant="primary" />
          </>
        }
      />
      <EmptyState icon={empty.icon} title={empty.title} description={empty.body} />
    </>
  )
}
