// Writing a note or report: a title (required) and its text. A report's draft also has structured
// fields (ReportFieldsForm) between the two, and its text is the report's comment. Saving is the
// machine's (it keeps the draft if the server refuses it, so nothing typed is lost).
import { useId } from "react"
import { NOTE_LIMITS } from "../../../contract/notes.ts"
import type { Measurements, ReportRegion, ReportTextField } from "../../../contract/report-fields.ts"
import { useT } from "../../../i18n/index.ts"
import type { Draft } from "../../../machines/notes/drafts.ts"
import * as panel from "../annotation/panels/panels.css.ts"
import * as css from "./notes.css.ts"
import { MeasurementsChoice, RegionChoice, ReportFieldsForm } from "./ReportFieldsForm.tsx"
import * as reports from "./reports.css.ts"

export interface NoteFormProps {
  readonly draft: Draft
  readonly saving: boolean
  readonly error: string | undefined
  readonly onChange: (change: { title?: string; value?: string }) => void
  readonly onSave: () => void
  readonly onCancel: () => void
  /** For a report's draft: the slide's table now, where the case id came from, and the fields' changes. */
  readonly report?: {
    readonly current: Measurements
    readonly prefilledCase: string | null
    readonly onField: (name: ReportTextField, value: string) => void
    readonly onTable: (measurements: Measurements | null) => void
    readonly currentView: () => ReportRegion | null
    readonly onRegion: (region: ReportRegion | null) => void
  }
}

export const NoteForm = ({ draft, saving, error, onChange, onSave, onCancel, report }: NoteFormProps) => {
  const t = useT()
  const id = useId()
  const blank = draft.title.trim() === ""
  return (
    <form
      className={draft.fields === undefined ? css.form : `${css.form} ${reports.scroller}`}
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
      {draft.fields !== undefined && report !== undefined && (
        <ReportFieldsForm
          fields={draft.fields}
          prefilledCase={report.prefilledCase !== null && report.prefilledCase === draft.fields.case_id}
          onField={report.onField}
        />
      )}
      <label className={css.fieldLabel} htmlFor={`${id}-text`}>
        {draft.fields === undefined ? t("viewer.notes.text") : t("viewer.reports.comment")}
        <textarea
          id={`${id}-text`}
          className={css.textarea}
          value={draft.value}
          maxLength={NOTE_LIMITS.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      </label>
      {draft.fields !== undefined && report !== undefined && (
        <>
          <MeasurementsChoice fields={draft.fields} current={report.current} onTable={report.onTable} />
          <RegionChoice region={draft.fields.region} currentView={report.currentView} onRegion={report.onRegion} />
        </>
      )}
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
