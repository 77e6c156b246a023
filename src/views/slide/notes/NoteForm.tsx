// Writing a note or report: a title (required) and its text. Saving is the machine's (it keeps the
// draft if the server refuses it, so nothing typed is lost).
import { useId } from "react"
import { NOTE_LIMITS } from "../../../contract/notes.ts"
import { useT } from "../../../i18n/index.ts"
import type { Draft } from "../../../machines/notes/notes.machine.ts"
import * as panel from "../annotation/panels/panels.css.ts"
import * as css from "./notes.css.ts"

export interface NoteFormProps {
  readonly draft: Draft
  readonly saving: boolean
  readonly error: string | undefined
  readonly onChange: (change: { title?: string; value?: string }) => void
  readonly onSave: () => void
  readonly onCancel: () => void
}

export const NoteForm = ({ draft, saving, error, onChange, onSave, onCancel }: NoteFormProps) => {
  const t = useT()
  const id = useId()
  const blank = draft.title.trim() === ""
  return (
    <form
      className={css.form}
      data-testid="note-form"
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <label className={css.fieldLabel} htmlFor={`${id}-title`}>
        {t("viewer.notes.title")}
        <input
          id={`${id}-title`}
          className={panel.input}
          value={draft.title}
          maxLength={NOTE_LIMITS.title}
          required
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's own click, to be typed in
          autoFocus
          onChange={(event) => onChange({ title: event.target.value })}
        />
      </label>
      <label className={css.fieldLabel} htmlFor={`${id}-text`}>
        {t("viewer.notes.text")}
        <textarea
          id={`${id}-text`}
          className={css.textarea}
          value={draft.value}
          maxLength={NOTE_LIMITS.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      </label>
      {error !== undefined && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <div className={css.formActions}>
        <button type="button" className={panel.textButton} onClick={onCancel} disabled={saving}>
          {t("viewer.notes.cancel")}
        </button>
        <button
          type="submit"
          className={panel.primaryButton}
          disabled={saving || blank}
          title={blank ? t("viewer.notes.titleRequired") : undefined}
        >
          {saving ? t("viewer.notes.saving") : t("viewer.notes.save")}
        </button>
      </div>
    </form>
  )
}
