// Rename: one field with the current name, checked when left and on submit.
import { useSelector } from "@xstate/react"
import { useId } from "react"
import type { ActorRefFrom } from "xstate"
import { useT } from "../../../i18n/index.ts"
import type { renameLabMachine } from "../../../machines/renameLab.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Alert, Button, Dialog, TextField } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"

export const RenameDialog = ({ flow, onClose }: { readonly flow: ActorRefFrom<typeof renameLabMachine>; readonly onClose: () => void }) => {
  const t = useT()
  const { text, field } = useNoticeText()
  const formId = useId()
  const { lab, name, fields, error } = useSelector(flow, (s) => s.context)
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={lab.is_dir ? t("labs.rename.titleFolder") : t("labs.rename.titleFile")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t("labs.rename.submit")}
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
          flow.send({ type: "rename.submit" })
        }}
      >
        {error !== null && (
          <Alert kind="error" title={text(error.title)}>
            {text(error.detail)}
          </Alert>
        )}
        <TextField
          label={t("labs.rename.name")}
          name="name"
          autoComplete="off"
          aria-required="true"
          value={name}
          // Start with the whole name selected, ready to be typed over.
          onFocus={(event) => event.currentTarget.select()}
          error={error === null ? field(fields, "name") : undefined}
          onChange={(event) => flow.send({ type: "rename.name", name: event.target.value })}
          onBlur={() => flow.send({ type: "rename.blur" })}
        />
      </form>
    </Dialog>
  )
}
