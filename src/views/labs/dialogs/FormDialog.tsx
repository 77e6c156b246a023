// A dialog holding one form: Cancel and a submit button in the footer, the flow's failure above the
// fields. The lab dialogs that ask for a name (new folder, rename) share it.
import { type ReactNode, useId } from "react"
import type { Failure } from "../../../effects/labs/failures.ts"
import { useT } from "../../../i18n/index.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Alert, Button, Dialog } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"

export interface FormDialogProps {
  readonly title: string
  readonly submitLabel: string
  readonly busy: boolean
  readonly error: Failure | null
  readonly onClose: () => void
  readonly onSubmit: () => void
  readonly children: ReactNode
}

export const FormDialog = ({ title, submitLabel, busy, error, onClose, onSubmit, children }: FormDialogProps) => {
  const t = useT()
  const { text } = useNoticeText()
  const formId = useId()
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={css.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {error !== null && (
          <Alert kind="error" title={text(error.title)}>
            {text(error.detail)}
          </Alert>
        )}
        {children}
      </form>
    </Dialog>
  )
}
