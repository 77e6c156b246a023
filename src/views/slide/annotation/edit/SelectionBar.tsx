// Beside the annotation count, while a shape is selected: its label, hide or show it on this screen,
// and delete it when the user may (the side panel, when open, holds the same and more).
import { useT } from "../../../../i18n/index.ts"
import * as css from "../collab/collab.css.ts"
import type { AnnotationsView } from "../useAnnotations.ts"

export const SelectionBar = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  const shape = view.selected
  if (shape === null) return null
  const shown = view.store.isVisible(shape)
  return (
    <span className={css.bar} title={t("viewer.collab.selected")} data-testid="selection-actions">
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
