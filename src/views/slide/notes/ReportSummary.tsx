// What a report's card shows beyond a note's: above its comment, the case facts on one line and the
// diagnosis set apart (what a clinician reads first); below it, the table that was kept and the
// button that downloads the report as a PDF.
import type { SlideNote } from "../../../contract/notes.ts"
import { useT } from "../../../i18n/index.ts"
import { FileTextIcon } from "../../ui/index.ts"
import { MeasurementsTable } from "./MeasurementsTable.tsx"
import * as css from "./reports.css.ts"

export const ReportHead = ({ report }: { readonly report: SlideNote }) => {
  const t = useT()
  const fields = report.fields ?? {}
  const facts = [fields.case_id, fields.specimen, fields.stain].filter((f): f is string => f !== undefined && f !== "")
  return (
    <>
      {facts.length > 0 && <p className={css.facts}>{facts.join(" · ")}</p>}
      {fields.diagnosis && (
        <p className={css.diagnosis} data-testid="report-diagnosis">
          <span className={css.diagnosisLabel}>{t("viewer.reports.diagnosis")}</span>
          {fields.diagnosis}
        </p>
      )}
    </>
  )
}

export interface ReportFootProps {
  readonly report: SlideNote
  /** The PDF of this report is being made. */
  readonly downloading: boolean
  readonly busy: boolean
  readonly onDownload: () => void
}

export const ReportFoot = ({ report, downloading, busy, onDownload }: ReportFootProps) => {
  const t = useT()
  const fields = report.fields ?? {}
  return (
    <>
      {fields.measurements !== undefined && <MeasurementsTable measurements={fields.measurements} />}
      <button
        type="button"
        className={css.download}
        onClick={onDownload}
        disabled={busy}
        aria-label={t("viewer.reports.downloadOf", { title: report.title })}
      >
        <FileTextIcon size={14} />
        {downloading ? t("viewer.reports.downloading") : t("viewer.reports.download")}
      </button>
    </>
  )
}
