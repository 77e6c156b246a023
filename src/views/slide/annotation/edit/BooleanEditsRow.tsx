// Merge, subtract and intersect the selected shapes (QuPath's Objects > Annotations menu, on the
// panel): shown when every selected shape is closed and the user may change them all. The first
// selected takes the result (boolean-edits.ts); one undo step brings them all back.
import type { BooleanEdit } from "../../../../annotation/boolean.ts"
import { isLocked } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { useT } from "../../../../i18n/index.ts"
import { useToast } from "../../../ui/index.ts"
import * as css from "../panels/panels.css.ts"
import { booleanChanges, combinable } from "./boolean-edits.ts"
import type { EditsView } from "./useEdits.ts"

const EDITS: ReadonlyArray<BooleanEdit> = ["merge", "subtract", "intersect"]

export const BooleanEditsRow = ({ shapes, edits }: { readonly shapes: ReadonlyArray<Shape>; readonly edits: EditsView }) => {
  const t = useT()
  const { toast } = useToast()
  if (!combinable(shapes)) return null
  const run = (edit: BooleanEdit) => {
    // A locked shape keeps its outline (QuPath's isLocked): nothing is combined, and the user is told.
    const locked = shapes.filter(isLocked).length
    if (locked > 0) return edits.refuseLocked(locked)
    const result = booleanChanges(edit, shapes)
    if (result.ok) edits.group(result.changes)
    else toast({ kind: "error", title: t(`viewer.shapes.${edit}`), message: t("viewer.shapes.nothingLeft") })
  }
  return (
    <fieldset
      className={css.form}
      aria-label={t("viewer.shapes.title")}
      data-testid="boolean-edits"
      style={{ border: 0, padding: 0, margin: "8px 0 0" }}
    >
      {EDITS.map((edit) => (
        <button key={edit} type="button" className={css.textButton} title={t(`viewer.shapes.${edit}Hint`)} onClick={() => run(edit)}>
          {t(`viewer.shapes.${edit}`)}
        </button>
      ))}
    </fieldset>
  )
}
