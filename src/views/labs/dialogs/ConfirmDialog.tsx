// A question before something hard to undo: its title, what will happen, Cancel and the destructive
// answer (which shows progress and cannot be dismissed while it runs).
import type { ReactNode } from "react"
import { useT } from "../../../i18n/index.ts"
import { Button, Dialog } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"

export interface ConfirmDialogProps {
  readonly title: string
  readonly body: ReactNode
  readonly confirm: string
  readonly busy: boolean
  readonly onConfirm: () => void
  readonly onCancel: () => void
}

export const ConfirmDialog = ({ title, body, confirm, busy, onConfirm, onCancel }: ConfirmDialogProps) => {
  const t = useT()
  return (
    <Dialog
      open
      onClose={onCancel}
      dismissible={!busy}
      title={title}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus="">
            {t("common.cancel")}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      <p className={css.confirmBody}>{body}</p>
    </Dialog>
  )
}
