// Periodontitis' parameters: the teeth, each taken from points the user placed on the radiograph with
// the point tool and selected in order (CEJ, then Shift+click the crest and the apex; or only CEJ and
// apex, the crest then found), listed with their landmarks and removable; the patient's age (for the
// grade) and, folded away, how far a landmark may move onto an edge.
import { useLocale, useT } from "../../../i18n/index.ts"
import * as panels from "../annotation/panels/panels.css.ts"
import * as css from "./analysis.css.ts"
import { NumberField } from "./NumberField.tsx"
import { type Landmark, type PeriodontitisForm, toothOf } from "./parameters.ts"

export const PeriodontitisFields = ({
  form,
  selectedPoints,
  onChange
}: {
  readonly form: PeriodontitisForm
  /** The selected point annotations' points, in the order they were selected. */
  readonly selectedPoints: ReadonlyArray<Landmark>
  readonly onChange: (patch: Partial<PeriodontitisForm>) => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const where = (p: Landmark) => `${number.format(p.x)}, ${number.format(p.y)}`
  const tooth = toothOf(selectedPoints)
  return (
    <>
      <p className={css.kindHint}>{t("viewer.analysis.periodontitis.hint")}</p>
      <ol style={{ margin: "8px 0 0", padding: 0, listStyle: "none", display: "grid", gap: 4 }} data-testid="perio-teeth">
        {form.teeth.map((t0, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a tooth is its place in the list
            key={i}
            className={css.kindHint}
            style={{ display: "flex", justifyContent: "space-between", gap: 6, alignItems: "baseline", margin: 0 }}
            data-testid="perio-tooth"
          >
            <span>
              <strong>{t("viewer.analysis.periodontitis.tooth", { n: i + 1 })}</strong>{" "}
              {t("viewer.analysis.periodontitis.landmarks", {
                cej: where(t0.cej),
                crest: t0.crest ? where(t0.crest) : t("viewer.analysis.periodontitis.crestFound"),
                apex: where(t0.apex)
              })}
            </span>
            <button
              type="button"
              className={panels.textButton}
              onClick={() => onChange({ teeth: form.teeth.filter((_, j) => j !== i) })}
              aria-label={t("viewer.analysis.periodontitis.removeTooth", { n: i + 1 })}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      {form.teeth.length === 0 && <p className={panels.hint}>{t("viewer.analysis.periodontitis.noTeeth")}</p>}
      <div className={css.actions} style={{ justifyContent: "flex-start", marginTop: 6 }}>
        <button
          type="button"
          className={panels.textButton}
          disabled={tooth === null || form.teeth.length >= 32}
          onClick={() => tooth && onChange({ teeth: [...form.teeth, tooth] })}
          data-testid="perio-add"
        >
          {t("viewer.analysis.periodontitis.add", { n: form.teeth.length + 1 })}
        </button>
        <span className={css.meta} style={{ margin: 0 }} data-testid="perio-selected">
          {t("viewer.analysis.periodontitis.selected", { count: selectedPoints.length })}
        </span>
      </div>
      <div className={css.pair} style={{ marginTop: 8 }}>
        <NumberField
          label={t("viewer.analysis.periodontitis.age")}
          value={form.age}
          unit={t("viewer.analysis.periodontitis.unitYears")}
          onChange={(v) => onChange({ age: v })}
          testId="perio-age"
        />
      </div>
      <p className={css.kindHint}>{t("viewer.analysis.periodontitis.ageHint")}</p>
      <details className={css.details}>
        <summary className={css.summaryToggle}>{t("viewer.analysis.advanced")}</summary>
        <div className={css.pair} style={{ marginTop: 6 }}>
          <NumberField
            label={t("viewer.analysis.periodontitis.snap")}
            value={form.snap}
            unit="px"
            onChange={(v) => onChange({ snap: v })}
            testId="perio-snap"
          />
        </div>
        <p className={css.kindHint}>{t("viewer.analysis.periodontitis.snapHint")}</p>
      </details>
    </>
  )
}
