// A job as the panel shows it: while it runs, its state, a progress bar live from the slide's channel,
// the detections found so far and Cancel; when done, the headline figure (Ki67 index, or the count),
// the summary table with units, CSV export and removal of its results.
import type { TrackedJob } from "../../../machines/analysis/analysisPanel.machine.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { Spinner } from "../../ui/index.ts"
import * as counts from "../annotation/panels/counts.css.ts"
import * as panels from "../annotation/panels/panels.css.ts"
import * as css from "./analysis.css.ts"
import { categoryText, type SlideUnits, type SummaryRow, summaryRows, unitText } from "./summary.ts"

export const JobProgress = ({
  job,
  cancelling,
  canCancel,
  onCancel
}: {
  readonly job: TrackedJob
  readonly cancelling: boolean
  readonly canCancel: boolean
  readonly onCancel: () => void
}) => {
  const t = useT()
  const percent = Math.max(0, Math.min(100, Math.round(job.percent)))
  return (
    <div data-testid="analysis-progress" data-state={job.state} data-percent={percent}>
      <div className={css.progressHead}>
        <span className={css.stateChip}>
          <Spinner size={14} label={t(`viewer.analysis.state.${job.state}`)} />
          {t(`viewer.analysis.kinds.${job.analysis}`)} · {t(`viewer.analysis.state.${job.state}`)}
        </span>
        <span className={css.percent} data-testid="analysis-percent">
          {percent} %
        </span>
      </div>
      <div
        className={css.track}
        role="progressbar"
        aria-label={t("viewer.analysis.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={css.bar} style={{ width: `${percent}%` }} />
      </div>
      <p className={css.meta}>{t("viewer.analysis.found", { count: job.detections })}</p>
      {canCancel && (
        <div className={css.actions}>
          <button type="button" className={panels.textButton} disabled={cancelling} onClick={onCancel} data-testid="analysis-cancel">
            {cancelling ? t("viewer.analysis.cancelling") : t("viewer.analysis.cancel")}
          </button>
        </div>
      )}
    </div>
  )
}

const formatted = (row: SummaryRow, number: (n: number, digits: number) => string, units: SlideUnits): string => {
  if (row.value === null) return "–"
  const category = categoryText(row)
  if (category !== null) return category
  // IMT is read to the hundredth of a millimetre (0.78 mm; a change of 0.1 mm is a finding).
  const digits =
    row.unit === "OD"
      ? 3
      : row.unit === "g"
        ? 4
        : row.unit === "mm" || row.key === "rblPerYear"
          ? 2
          : row.unit === ""
            ? Number.isInteger(row.value)
              ? 0
              : 1
            : 1
  const unit = unitText(row.unit, units)
  // A weight as typed (0.0417 g, 0.5 g), not padded to its four places.
  const text =
    row.unit === "g"
      ? number(row.value, digits)
          .replace(/([.,]\d*?)0+$/, "$1")
          .replace(/[.,]$/, "")
      : number(row.value, digits)
  return unit === "" ? text : `${text} ${unit}`
}

/** A row's name in the user's language (a tooth's rows name their tooth). */
export const rowName = (t: ReturnType<typeof useT>, row: SummaryRow): string =>
  t(`viewer.analysis.summary.${row.key}`, row.tooth === undefined ? undefined : { n: row.tooth })

export const JobResults = ({
  job,
  units,
  removing,
  canRemove,
  onRemove,
  onExport,
  onNew
}: {
  readonly job: TrackedJob
  readonly units: SlideUnits
  readonly removing: boolean
  readonly canRemove: boolean
  readonly onRemove: () => void
  readonly onExport: () => void
  readonly onNew: () => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n)
  const rows = summaryRows(job.analysis, job.summary)
  const lead = rows.find((r) => r.lead)
  return (
    <div data-testid="analysis-results">
      <div className={panels.sectionHead} style={{ marginTop: 4 }}>
        <h3 className={panels.heading}>{t("viewer.analysis.results")}</h3>
        <span className={counts.summary}>{t("viewer.analysis.detections", { count: job.detections })}</span>
      </div>
      {lead && (
        <div className={css.lead}>
          <span className={css.leadLabel}>{rowName(t, lead)}</span>
          <span className={css.leadValue} data-testid="analysis-lead">
            {formatted(lead, number, units)}
          </span>
        </div>
      )}
      <table className={counts.table} data-testid="analysis-summary">
        <tbody>
          {rows
            .filter((r) => !r.lead)
            .map((row) => (
              <tr key={row.field} data-field={row.field}>
                <td className={counts.td}>{rowName(t, row)}</td>
                <td className={counts.td}>{formatted(row, number, units)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <div className={css.actions}>
        {canRemove && (
          <button type="button" className={panels.textButton} disabled={removing} onClick={onRemove} data-testid="analysis-remove">
            {removing ? t("viewer.analysis.removing") : t("viewer.analysis.remove")}
          </button>
        )}
        <button type="button" className={panels.textButton} onClick={onExport} data-testid="analysis-export">
          {t("viewer.analysis.exportCsv")}
        </button>
        <button type="button" className={panels.primaryButton} onClick={onNew} data-testid="analysis-new">
          {t("viewer.analysis.runAgain")}
        </button>
      </div>
    </div>
  )
}
