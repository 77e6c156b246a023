// Rename: one field with the current name, checked when left and on submit.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useT } from "../../../i18n/index.ts"
import type { renameLabMachine } from "../../../machines/labs/renameLab.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { TextField } from "../../ui/index.ts"
import { FormDialog } from "./FormDialog.tsx"

export const RenameDialog = ({ flow, onClose }: { readonly flow: ActorRefFrom<typeof renameLabMachine>; readonly onClose: () => void }) => {
  const t = useT()
  const { field } = useNoticeText()
  const { lab, name, fields, error } = useSelector(flow, (s) => s.context)
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  return (
    <FormDialog
      title={lab.is_dir ? t("labs.rename.titleFolder") : t("labs.rename.titleFile")}
      submitLabel={t("labs.rename.submit")}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => flow.send({ type: "rename.submit" })}
    >
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
    </FormDialog>
  )
}
