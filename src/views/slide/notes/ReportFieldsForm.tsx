// The structured part of a report's form: the case facts (case or patient id, specimen, stain), the
// clinical information, the microscopic findings and the diagnosis (ReportFieldsForm); and whether
// the slide's measurement table goes in (MeasurementsChoice). The title and the comment stay
// NoteForm's, as for a note; the form shows them in the order the PDF prints them.
import { useId } from "react"
import {
  type Measurements,
  REPORT_LIMITS,
  type ReportFields,
  type ReportRegion,
  type ReportTextField
} from "../../../contract/report-fields.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import * as panel from "../annotation/panels/panels.css.ts"
import { MeasurementsTable } from "./MeasurementsTable.tsx"
import * as css from "./notes.css.ts"
import * as reports from "./reports.css.ts"

export interface ReportFieldsFormProps {
  readonly fields: ReportFields
  /** The slide's table as it is now; what "include" keeps. */
  readonly current: Measurements
  /** The case id came from the slide's metadata. */
  readonly prefilledCase: boolean
  readonly onField: (name: ReportTextField, value: string) => void
  readonly onTable: (measurements: Measurements | null) => void
}

const LIMITS: Record<ReportTextField, number> = {
  case_id: REPORT_LIMITS.caseId,
  specimen: REPORT_LIMITS.specimen,
  stain: REPORT_LIMITS.stain,
  clinical: REPORT_LIMITS.clinical,
  findings: REPORT_LIMITS.findings,
  diagnosis: REPORT_LIMITS.diagnosis
}

export const ReportFieldsForm = ({ fields, prefilledCase, onField }: Omit<ReportFieldsFormProps, "current" | "onTable">) => {
  const t = useT()
  const id = useId()
  const line = (name: "case_id" | "specimen" | "stain", label: string, placeholder?: string, hint?: string) => (
    <label className={css.fieldLabel} htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        className={panel.input}
        value={fields[name] ?? ""}
        maxLength={LIMITS[name]}
        placeholder={placeholder}
        onChange={(event) => onField(name, event.target.value)}
      />
      {hint !== undefined && <span className={reports.hint}>{hint}</span>}
    </label>
  )
  const text = (name: "clinical" | "findings" | "diagnosis", label: string, rows: number) => (
    <label className={css.fieldLabel} htmlFor={`${id}-${name}`}>
      {label}
      <textarea
        id={`${id}-${name}`}
        className={name === "diagnosis" ? `${css.textarea} ${reports.diagnosisInput}` : css.textarea}
        style={{ minHeight: rows * 20 + 14 }}
        value={fields[name] ?? ""}
        maxLength={LIMITS[name]}
        onChange={(event) => onField(name, event.target.value)}
      />
    </label>
  )
  return (
    <>
      <fieldset className={reports.group}>
        <legend className={reports.legend}>{t("viewer.reports.details")}</legend>
        {line(
          "case_id",
          t("viewer.reports.caseId"),
          undefined,
          prefilledCase && fields.case_id ? t("viewer.reports.caseIdPrefilled") : undefined
        )}
        <div className={reports.pair}>
          {line("specimen", t("viewer.reports.specimen"), t("viewer.reports.specimenPlaceholder"))}
          {line("stain", t("viewer.reports.stain"), t("viewer.reports.stainPlaceholder"))}
        </div>
      </fieldset>
      {text("clinical", t("viewer.reports.clinical"), 2)}
      {text("findings", t("viewer.reports.findings"), 5)}
      {text("diagnosis", t("viewer.reports.diagnosis"), 2)}
    </>
  )
}

/** Whether the slide's measurement table goes in, and the table itself; after the comment, as in the PDF. */
export const MeasurementsChoice = ({ fields, current, onTable }: Pick<ReportFieldsFormProps, "fields" | "current" | "onTable">) => {
  const t = useT()
  const kept = fields.measurements !== undefined
  const empty = current.rows.length === 0 && current.index === null
  return (
    <fieldset className={reports.group}>
      <legend className={reports.legend}>{t("viewer.reports.measurements")}</legend>
      <label className={reports.check}>
        <input
          type="checkbox"
          checked={kept}
          disabled={empty && !kept}
          onChange={(event) => onTable(event.target.checked ? current : null)}
        />
        {t("viewer.reports.keepTable")}
      </label>
      {empty && !kept ? (
        <span className={reports.hint}>{t("viewer.reports.noFigures")}</span>
      ) : (
        <>
          <span className={reports.hint}>{t("viewer.reports.tableHint")}</span>
          {kept && fields.measurements !== undefined && <MeasurementsTable measurements={fields.measurements} />}
        </>
      )}
    </fieldset>
  )
}

/** The region the PDF shows as a snapshot: the viewer's view when asked, or none. */
export const RegionChoice = ({
  region,
  currentView,
  onRegion
}: {
  readonly region: ReportRegion | undefined
  /** The part of the slide the viewer shows now, in full-resolution pixels; null before it opens. */
  readonly currentView: () => ReportRegion | null
  readonly onRegion: (region: ReportRegion | null) => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const n = (value: number) => value.toLocaleString(locale === "id" ? "id-ID" : "en-GB")
  return (
    <fieldset className={reports.group} data-testid="report-region">
      <legend className={reports.legend}>{t("viewer.reports.snapshot")}</legend>
      <span className={reports.hint}>
        {region === undefined
          ? t("viewer.reports.snapshotHint")
          : t("viewer.reports.region", { width: n(region.width), height: n(region.height), x: n(region.x), y: n(region.y) })}
      </span>
      <div className={reports.pair}>
        <button
          type="button"
          className={panel.textButton}
          onClick={() => {
            const view = currentView()
            if (view !== null) onRegion(view)
          }}
        >
          {t("viewer.reports.useView")}
        </button>
        {region !== undefined && (
          <button type="button" className={panel.textButton} onClick={() => onRegion(null)}>
            {t("viewer.reports.clearRegion")}
          </button>
        )}
      </div>
    </fieldset>
  )
}
