// The items of a lab's menu (right-click or "⋯"), from the entries its role allows (labMenu.ts) to
// labelled, iconed actions. Delete comes last and is marked destructive.
import type { ReactNode } from "react"
import type { Lab } from "../../contract/labs.ts"
import { useT } from "../../i18n/index.ts"
import { type LabMenuEntry, menuFor } from "../../machines/labs/labMenu.ts"
import {
  type DropdownItem,
  FolderInputIcon,
  FolderOpenIcon,
  GridIcon,
  InfoIcon,
  LinkIcon,
  PenIcon,
  ShareIcon,
  StarIcon,
  TrashIcon
} from "../ui/index.ts"

export interface LabMenuHandlers {
  readonly open: (lab: Lab) => void
  readonly rename: (lab: Lab) => void
  readonly move: (lab: Lab) => void
  readonly favorite: (lab: Lab) => void
  readonly info: () => void
  readonly share: (lab: Lab) => void
  readonly copyLink: (lab: Lab) => void
  readonly compare: (labs: ReadonlyArray<Lab>) => void
  readonly delete: (labs: ReadonlyArray<Lab>) => void
}

const icons: Readonly<Record<LabMenuEntry, ReactNode>> = {
  open: <FolderOpenIcon size={16} />,
  rename: <PenIcon size={16} />,
  move: <FolderInputIcon size={16} />,
  favorite: <StarIcon size={16} />,
  unfavorite: <StarIcon size={16} />,
  info: <InfoIcon size={16} />,
  share: <ShareIcon size={16} />,
  copyLink: <LinkIcon size={16} />,
  compare: <GridIcon size={16} />,
  delete: <TrashIcon size={16} />
}

export const useLabMenu = (handlers: LabMenuHandlers) => {
  const t = useT()
  return (labs: ReadonlyArray<Lab>): ReadonlyArray<DropdownItem> => {
    const [only] = labs
    return menuFor(labs).map((entry) => ({
      id: entry,
      icon: icons[entry],
      destructive: entry === "delete",
      label: entry === "delete" && labs.length > 1 ? t("labs.menu.deleteMany", { count: labs.length }) : t(`labs.menu.${entry}`),
      onSelect: () => {
        if (entry === "delete") return handlers.delete(labs)
        if (entry === "info") return handlers.info()
        if (entry === "compare") return handlers.compare(labs)
        if (only === undefined) return
        if (entry === "favorite" || entry === "unfavorite") return handlers.favorite(only)
        handlers[entry](only)
      }
    }))
  }
}
