// What each list says when it has nothing, and what to do about it.
import type { ReactNode } from "react"
import type { LabSource } from "../../effects/labs/list.ts"
import { useT } from "../../i18n/index.ts"
import { ClockIcon, EmptyState, FolderIcon, SearchIcon, StarIcon, UsersIcon } from "../ui/index.ts"
import type { KeyPart } from "../../i18n/keys.ts"

export const LabsEmpty = ({ source, action }: { readonly source: LabSource; readonly action?: ReactNode }) => {
  const t = useT()
  const search = source.kind === "folder" ? source.search.trim() : ""
  const [icon, area]: readonly [ReactNode, KeyPart<"labs.empty", "Title">] =
    source.kind === "recent"
      ? [<ClockIcon key="i" size={24} />, "recent"]
      : source.kind === "favorite"
        ? [<StarIcon key="i" size={24} />, "favorite"]
        : source.kind === "shared"
          ? [<UsersIcon key="i" size={24} />, "shared"]
          : search !== ""
            ? [<SearchIcon key="i" size={24} />, "search"]
            : source.folderId !== null
              ? [<FolderIcon key="i" size={24} />, "folder"]
              : [<FolderIcon key="i" size={24} />, "root"]
  return (
    <EmptyState
      icon={icon}
      title={t(`labs.empty.${area}Title`)}
      description={t(`labs.empty.${area}Body`, { query: search })}
      actions={action}
    />
  )
}
