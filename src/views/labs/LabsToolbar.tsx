// The list page's actions: search, the view switch, the details panel, New folder and Upload (neither
// for those who may not add here, e.g. a reviewer).
import type { ViewMode } from "../../machines/labs/labsBrowser.machine.ts"
import { useT } from "../../i18n/index.ts"
import { ViewSwitch } from "../dashboard/ViewSwitch.tsx"
import { Button, FolderPlusIcon, InfoIcon, SearchIcon, Tooltip } from "../ui/index.ts"
import { UploadButton } from "../uploads/UploadButton.tsx"
import * as css from "./labs.css.ts"

export interface LabsToolbarProps {
  readonly view: ViewMode
  readonly onView: (view: ViewMode) => void
  readonly detailsOpen: boolean
  readonly onDetails: () => void
  readonly onSearch: () => void
  /** Null hides New folder (lists that are not a place: recent, favorites, shared; a reviewer). */
  readonly onCreateFolder: (() => void) | null
  /** Null hides Upload, as for New folder. */
  readonly onUpload: ((files: ReadonlyArray<File>) => void) | null
}

export const LabsToolbar = ({ view, onView, detailsOpen, onDetails, onSearch, onCreateFolder, onUpload }: LabsToolbarProps) => {
  const t = useT()
  return (
    <>
      <Tooltip content={t("labs.actions.search")} placement="bottom">
        <Button variant="ghost" iconOnly aria-label={t("labs.actions.search")} onClick={onSearch}>
          <SearchIcon size={18} />
        </Button>
      </Tooltip>
      <ViewSwitch value={view} onChange={onView} />
      <Tooltip content={t("labs.actions.details")} placement="bottom">
        <Button
          variant="ghost"
          iconOnly
          aria-label={t("labs.actions.details")}
          aria-expanded={detailsOpen}
          aria-controls={detailsOpen ? "right-panel" : undefined}
          onClick={onDetails}
        >
          <InfoIcon size={18} />
        </Button>
      </Tooltip>
      {(onCreateFolder !== null || onUpload !== null) && <span className={css.toolbarDivider} aria-hidden="true" />}
      {onCreateFolder !== null && (
        <Button variant="secondary" iconStart={<FolderPlusIcon size={16} />} onClick={onCreateFolder} data-testid="new-folder">
          {t("labs.actions.createFolder")}
        </Button>
      )}
      {onUpload !== null && <UploadButton onFiles={onUpload} />}
    </>
  )
}
