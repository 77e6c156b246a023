// Beside the annotation count, while something is selected. One shape: its label, hide or show it on
// this screen, and delete it when the user may (the side panel, when open, holds the same and more).
// Several: how many, delete them (after asking), clear the selection.
import { useMemo } from "react"
import { useT } from "../../../../i18n/index.ts"
import * as css from "../collab/collab.css.ts"
import type { AnnotationsView } from "../useAnnotations.ts"

export const SelectionBar = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  const shape = view.selected
  const { selection, edits } = view
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted again when the selection changes
  const deletable = useMemo(
    () => (selection.size > 1 ? view.selectedShapes().filter((s) => edits.mayEdit(s)).length : 0),
    [selection, edits]
  )
  if (selection.size > 1)
    return (
      <span className={css.bar} data-testid="selection-actions" data-count={selection.size}>
        <span className={css.selected} data-testid="selection-bar-count">
          {t("viewer.selection.count", { count: selection.size })}
        </span>
        {deletable > 0 && (
          <button type="button" className={css.action} aria-keyshortcuts="Delete" onClick={view.deleteSelection}>
            {t("viewer.collab.delete")}
          </button>
        )}
        <button type="button" className={css.action} aria-keyshortcuts="Escape" onClick={view.clearSelection}>
          {t("viewer.selection.clear")}
        </button>
      </span>
    )
  if (shape === null) return null
  const shown = view.store.isVisible(shape)
  return (
    <span className={css.bar} title={t("viewer.collab.selected")} data-testid="selection-actions" data-count={1}>
      <span>{shape.labelName}</span>
      <button type="button" className={css.action} onClick={() => view.toggleVisible(shape)}>
        {shown ? t("viewer.collab.hide") : t("viewer.collab.show")}
      </button>
      {view.edits.mayEdit(shape) && (
        <button type="button" className={css.action} onClick={() => view.edits.remove(shape)}>
          {t("viewer.collab.delete")}
        </button>
      )}
    </span>
  )
}
