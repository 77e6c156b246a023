// What the right panel shows for a lab list: the selected lab's info; with nothing selected, the
// folder being browsed (or a hint at the root); with several selected, their summary. It renders into
// the panel's slot, so it lives next to the list's actors.
import { useT } from "../../../i18n/index.ts"
import type { Lab, LabInfo } from "../../../contract/labs.ts"
import { cx, InfoIcon } from "../../ui/index.ts"
import * as css from "./inspector.css.ts"
import { LabInfoPanel } from "./LabInfoPanel.tsx"
import { SelectionSummary } from "./SelectionSummary.tsx"

export interface LabInspectorProps {
  /** The selected labs, or the folder being browsed when nothing is selected. */
  readonly subjects: ReadonlyArray<Lab>
  readonly onChanged: (info: LabInfo) => void
  readonly onCopyLink: (lab: { id: string; is_dir: boolean }) => void
  readonly onViewCollaborators: (labId: string) => void
  readonly onDelete: () => void
  readonly onClear: () => void
}

export const LabInspector = ({ subjects, onChanged, onCopyLink, onViewCollaborators, onDelete, onClear }: LabInspectorProps) => {
  const t = useT()
  const [only] = subjects
  if (subjects.length > 1) return <SelectionSummary labs={subjects} onDelete={onDelete} onClear={onClear} />
  if (only === undefined)
    return (
      <div className={cx(css.stack, css.nothing)}>
        <InfoIcon size={22} />
        <p className={css.muted}>{t("labs.info.empty")}</p>
      </div>
    )
  return (
    <LabInfoPanel
      key={only.id}
      labId={only.id}
      stamp={`${only.name}|${only.updated_at}|${only.is_public}|${only.is_favorite}`}
      onChanged={onChanged}
      onCopyLink={onCopyLink}
      onViewCollaborators={onViewCollaborators}
    />
  )
}
