// A report's measurement table: each label's counted points, drawn regions and their area, and the
// positive / negative index, in the page's number format. Shown in the report form (what would be
// kept) and on the report's card (what was kept).
import { areaUnitOf, type Measurements } from "../../../contract/report-fields.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import * as css from "./reports.css.ts"

export const MeasurementsTable = ({ measurements }: { readonly measurements: Measurements }) => {
  const t = useT()
  const { locale } = useLocale()
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n)
  const { unit, scale, digits } = areaUnitOf(measurements)
  const withArea = measurements.rows.some((r) => r.area_um2 !== null)
  return (
    <div className={css.tableWrap}>
      <table className={css.table} data-testid="report-measurements">
        <thead>
          <tr>
            <th scope="col">{t("viewer.reports.label")}</th>
            <th scope="col">{t("viewer.reports.count")}</th>
            <th scope="col">{t("viewer.reports.shapes")}</th>
            {withArea && <th scope="col">{t("viewer.reports.area", { unit })}</th>}
          </tr>
        </thead>
        <tbody>
          {measurements.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{number(row.count, 0)}</td>
              <td>{number(row.shapes, 0)}</td>
              {withArea && <td>{row.area_um2 === null ? "–" : number(row.area_um2 * scale, digits)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {measurements.index !== null && (
        <p className={css.index}>
          <span>{t("viewer.reports.index", { positive: measurements.index.positive, negative: measurements.index.negative })}</span>
          <strong>{number(measurements.index.percent, 1)} %</strong>
        </p>
      )}
    </div>
  )
}
