// Several labs selected (spec: "N Item Selected" and a hint to select a single file for more): a
// pile of their pictures, what they are, and what can be done to all of them.
import type { Lab } from "../../../contract/labs.ts"
import { useT } from "../../../i18n/index.ts"
import { canAll } from "../../../contract/permissions.ts"
import { Button, TrashIcon, XIcon } from "../../ui/index.ts"
import { LabThumbnail } from "../LabThumbnail.tsx"
import * as css from "./inspector.css.ts"

const PILE = 3
const LISTED = 6

export const SelectionSummary = ({
  labs,
  onDelete,
  onClear
}: {
  readonly labs: ReadonlyArray<Lab>
  readonly onDelete: () => void
  readonly onClear: () => void
}) => {
  const t = useT()
  const folders = labs.filter((lab) => lab.is_dir).length
  const files = labs.length - folders
  const counts = [
    folders > 0 ? t("labs.multiple.folders", { count: folders }) : null,
    files > 0 ? t("labs.multiple.files", { count: files }) : null
  ]
  return (
    <div className={css.stack} data-testid="selection-summary">
      <div className={css.pile} aria-hidden="true">
        {labs.slice(0, PILE).map((lab, i, shown) => {
          const offset = i - (shown.length - 1) / 2
          return (
            <span
              key={lab.id}
              className={css.pileCard}
              style={{
                transform: `translate(calc(-50% + ${offset * 34}px), calc(-50% + ${Math.abs(offset) * 8}px)) rotate(${offset * 7}deg)`,
                zIndex: i === Math.floor(shown.length / 2) ? 2 : 1
              }}
            >
              <LabThumbnail lab={lab} />
            </span>
          )
        })}
        <span className={css.pileCount}>{labs.length}</span>
      </div>
      <p className={css.muted}>{t("labs.multiple.hint")}</p>
      <p className={css.prose}>{counts.filter((c) => c !== null).join(" · ")}</p>
      <ul className={css.names}>
        {labs.slice(0, LISTED).map((lab) => (
          <li key={lab.id} className={css.nameRow}>
            <span className={css.mini}>
              <LabThumbnail lab={lab} size="mini" />
            </span>
            <span className={css.ellipsis}>{lab.name}</span>
          </li>
        ))}
        {labs.length > LISTED && <li className={css.muted}>{t("labs.info.moreCollaborators", { count: labs.length - LISTED })}</li>}
      </ul>
      <div className={css.buttons}>
        {canAll(labs, "lab.delete") && (
          <Button variant="danger" iconStart={<TrashIcon size={16} />} onClick={onDelete}>
            {t("labs.multiple.delete")}
          </Button>
        )}
        <Button variant="secondary" iconStart={<XIcon size={16} />} onClick={onClear}>
          {t("labs.multiple.clear")}
        </Button>
      </div>
    </div>
  )
}
