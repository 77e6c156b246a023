// Several annotations selected, in the side panel: how many, their label (one list changes them all,
// as one undo step), delete them, clear the selection, and how the selection works. What this user
// may not change (a reviewer's colleagues' shapes) is counted and left as it is.
import { useMemo } from "react"
import { useT } from "../../../../i18n/index.ts"
import { TrashIcon, XIcon } from "../../../ui/index.ts"
import * as css from "../panels/panels.css.ts"
import type { LabelRow } from "../panels/records.ts"
import { BooleanEditsRow } from "./BooleanEditsRow.tsx"
import { GROUP_MOVE_LIMIT } from "../../../../annotation/edit-rules.ts"
import type { AnnotationsView } from "../useAnnotations.ts"

export interface SelectionSectionProps {
  readonly view: AnnotationsView
  /** The slide's labels (virtual ones cannot be chosen). */
  readonly labels: ReadonlyArray<LabelRow>
  /** Bumped by every change of the store (a relabel shows at once). */
  readonly version: number
}

export const SelectionSection = ({ view, labels, version }: SelectionSectionProps) => {
  const t = useT()
  const { selection, edits } = view
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shapes are read again whenever the store's version moves
  const { shapes, editable, common } = useMemo(() => {
    const shapes = view.selectedShapes()
    const editable = shapes.filter((shape) => edits.mayEdit(shape))
    const first = shapes[0]?.labelId
    const common = first !== undefined && shapes.every((shape) => shape.labelId === first) ? first : null
    return { shapes, editable, common }
  }, [selection, edits, version])
  if (selection.size < 2) return null
  const count = shapes.length
  const kept = count - editable.length
  const choices = labels.filter((row) => !row.virtual)
  const commonRow = labels.find((row) => row.id === common)
  return (
    <section className={css.section} aria-labelledby="annotation-selection-title" data-testid="selected-annotations" data-count={count}>
      <div className={css.sectionHead}>
        <h2 id="annotation-selection-title" className={css.heading}>
          {t("viewer.selection.title")}
        </h2>
        <span className={css.selectionCount} data-testid="selection-count">
          {t("viewer.selection.count", { count: count })}
        </span>
      </div>
      <div className={css.form} style={{ marginTop: 0 }}>
        <span className={css.swatch} style={{ background: commonRow?.color ?? "conic-gradient(#e11d48, #22d3ee, #facc15, #e11d48)" }} />
        {editable.length > 0 ? (
          <select
            className={css.select}
            aria-label={t("viewer.selection.label")}
            value={common ?? ""}
            onChange={(event) => {
              const label = choices.find((row) => row.id === event.target.value)
              if (label) edits.relabelMany(editable, label)
            }}
          >
            {common === null && (
              <option value="" disabled>
                {t("viewer.selection.mixed")}
              </option>
            )}
            {choices.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        ) : (
          <span className={css.labelName}>{commonRow?.name ?? t("viewer.selection.mixed")}</span>
        )}
        {editable.length > 0 && (
          <button
            type="button"
            className={css.iconButton}
            aria-label={t("viewer.selection.delete")}
            title={`${t("viewer.selection.delete")} (Delete)`}
            aria-keyshortcuts="Delete Backspace"
            onClick={view.deleteSelection}
          >
            <TrashIcon size={15} />
          </button>
        )}
        <button
          type="button"
          className={css.iconButton}
          aria-label={t("viewer.selection.clear")}
          title={`${t("viewer.selection.clear")} (Esc)`}
          aria-keyshortcuts="Escape"
          onClick={view.clearSelection}
        >
          <XIcon size={15} />
        </button>
      </div>
      {kept === 0 && <BooleanEditsRow shapes={shapes} edits={edits} />}
      {kept > 0 && (
        <p className={css.hint} style={{ marginTop: 6 }} data-testid="selection-not-yours">
          {editable.length === 0 ? t("viewer.selection.noneYours") : t("viewer.selection.notYours", { count: kept })}
        </p>
      )}
      {count > GROUP_MOVE_LIMIT && editable.length > 0 && (
        <p className={css.hint} style={{ marginTop: 6 }}>
          {t("viewer.selection.tooManyToMove", { limit: GROUP_MOVE_LIMIT.toLocaleString() })}
        </p>
      )}
      <p className={css.hint} style={{ marginTop: 6 }}>
        {/* A drag moves them only when the user may change them all (and not too many). */}
        {kept === 0 && count <= GROUP_MOVE_LIMIT ? t("viewer.selection.hint") : t("viewer.selection.hintReadOnly")}
      </p>
    </section>
  )
}
