// The list page's actions (spec section 2): search, the view switch, the details panel, New folder
// (not for those who may not create here, e.g. a reviewer) and Upload (shown, not yet available).
import type { ViewMode } from "../../machines/labsBrowser.machine.ts"
import { useT } from "../../i18n/index.ts"
import { ViewSwitch } from "../dashboard/ViewSwitch.tsx"
import { Button, FolderPlusIcon, InfoIcon, SearchIcon, Tooltip, UploadIcon } from "../ui/index.ts"
import * as css from "./labs.css.ts"

export interface LabsToolbarProps {
  readonly view: ViewMode
  readonly onView: (view: ViewMode) => void
  readonly detailsOpen: boolean
  readonly onDetails: () => void
  readonly onSearch: () => void
  /** Null hides New folder and Upload (lists that are not a place: recent, favorites, shared). */
  readonly onCreateFolder: (() => void) | null
  readonly showUpload: boolean
}

export const LabsToolbar = ({ view, onView, detailsOpen, onDetails, onSearch, onCreateFolder, showUpload }: LabsToolbarProps) => {
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
        <Button variant="ghost" iconOnly aria-label={t("labs.actions.details")} aria-pressed={detailsOpen} aria-controls="right-panel" onClick={onDetails}>
          <InfoIcon size={18} />
        </Button>
      </Tooltip>
      {(onCreateFolder !== null || showUpload) && <span className={css.toolbarDivider} aria-hidden="true" />}
      {onCreateFolder !== null && (
        <Button variant="secondary" iconStart={<FolderPlusIcon size={16} />} onClick={onCreateFolder} data-testid="new-folder">
          {t("labs.actions.createFolder")}
        </Button>
      )}
      {showUpload && (
        <Tooltip content={t("labs.actions.uploadSoon")} placement="bottom">
          {/* aria-disabled keeps it focusable so the tooltip can say why; uploads are a later issue. */}
          <Button variant="primary" aria-disabled="true" iconStart={<UploadIcon size={16} />}>
            {t("labs.actions.upload")}
          </Button>
        </Tooltip>
      )}
    </>
  )
}
