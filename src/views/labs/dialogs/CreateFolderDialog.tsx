// New folder: the name, checked when the field is left and on submit, and where it goes: Mylab (the
// root) or the folder the user is in.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useT } from "../../../i18n/index.ts"
import type { createFolderMachine, FolderLocation } from "../../../machines/labs/createFolder.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { FolderIcon, HomeIcon, TextField } from "../../ui/index.ts"
import { FormDialog } from "./FormDialog.tsx"
import * as css from "./dialogs.css.ts"

export const CreateFolderDialog = ({
  flow,
  onClose
}: {
  readonly flow: ActorRefFrom<typeof createFolderMachine>
  readonly onClose: () => void
}) => {
  const t = useT()
  const { field } = useNoticeText()
  const { name, location, current, fields, error } = useSelector(flow, (s) => s.context)
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  const choose = (next: FolderLocation) => flow.send({ type: "folder.location", location: next })
  return (
    <FormDialog
      title={t("labs.createFolder.title")}
      submitLabel={t("labs.createFolder.submit")}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => flow.send({ type: "folder.submit" })}
    >
      <TextField
        label={t("labs.createFolder.name")}
        name="name"
        autoComplete="off"
        placeholder={t("labs.createFolder.placeholder")}
        aria-required="true"
        value={name}
        error={error === null ? field(fields, "name") : undefined}
        onChange={(event) => flow.send({ type: "folder.name", name: event.target.value })}
        onBlur={() => flow.send({ type: "folder.blur" })}
      />
      <fieldset className={css.choices}>
        <legend className={css.legend}>{t("labs.createFolder.location")}</legend>
        <label className={css.choice}>
          <input type="radio" className={css.radio} name="location" checked={location === "root"} onChange={() => choose("root")} />
          <span className={css.choiceIcon}>
            <HomeIcon size={18} />
          </span>
          <span className={css.choiceText}>
            <span className={css.choiceName}>{t("labs.createFolder.root")}</span>
            <span className={css.choiceHint}>{t("labs.createFolder.rootHint")}</span>
          </span>
        </label>
        {current !== null && (
          <label className={css.choice}>
            <input type="radio" className={css.radio} name="location" checked={location === "current"} onChange={() => choose("current")} />
            <span className={css.choiceIcon}>
              <FolderIcon size={18} />
            </span>
            <span className={css.choiceText}>
              <span className={css.choiceName}>{current.name}</span>
              <span className={css.choiceHint}>{t("labs.createFolder.currentHint")}</span>
            </span>
          </label>
        )}
      </fieldset>
    </FormDialog>
  )
}
