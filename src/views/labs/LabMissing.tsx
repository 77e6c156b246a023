// A folder the server does not show this account: it does not exist (any more), or it is not shared
// with them. Said once, with the way home; there is nothing to retry and nothing is subscribed to.
import { useLocale, useT } from "../../i18n/index.ts"
import { EmptyState, FolderIcon, HomeIcon, LinkButton } from "../ui/index.ts"
import { links } from "../../contract/routes.ts"

export const LabMissing = () => {
  const t = useT()
  const { localePath } = useLocale()
  return (
    <div data-testid="lab-missing">
      <EmptyState
        icon={<FolderIcon size={24} />}
        title={t("labs.missing.title")}
        description={t("labs.missing.body")}
        actions={
          <LinkButton href={localePath(links.labs())} iconStart={<HomeIcon size={16} />}>
            {t("labs.missing.home")}
          </LinkButton>
        }
      />
    </div>
  )
}
