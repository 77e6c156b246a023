// Deleting several annotations asks first, as deleting a label does: how many go, that Undo brings
// them back, and how many of the selected stay because this user may not delete them. The tools
// machine holds the question (its confirming state); this only shows it and sends the answer.
import { useT } from "../../../../i18n/index.ts"
import { Button, Dialog } from "../../../ui/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"

export const DeleteSelectionDialog = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  const deleting = view.deleting
  const count = deleting?.ids.length ?? 0
  const kept = deleting?.kept ?? 0
  return (
    <Dialog
      open={deleting !== null}
      onClose={view.cancelDelete}
      title={count === 1 ? t("viewer.selection.deleteOneTitle") : t("viewer.selection.deleteTitle", { count: count })}
      description={
        <>
          {t("viewer.selection.deleteBody")}
          {kept > 0 && (
            <>
              {" "}
              <strong data-testid="delete-left-out">{t("viewer.selection.deleteLeftOut", { kept: kept.toLocaleString() })}</strong>
            </>
          )}
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={view.cancelDelete}>
            {t("viewer.selection.cancel")}
          </Button>
          <Button variant="danger" onClick={view.confirmDelete}>
            {t("viewer.selection.deleteConfirm")}
          </Button>
        </>
      }
    />
  )
}
