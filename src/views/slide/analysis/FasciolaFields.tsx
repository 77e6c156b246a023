// The Fasciola analysis' parameters: the egg length and width ranges in µm (the published 130–150 ×
// 63–90 by default), the tolerance that widens both, the optional sample weight that turns the count
// into eggs per gram, and, folded away, the colour saturation and the split of touching eggs.
import { useT } from "../../../i18n/index.ts"
import * as panels from "../annotation/panels/panels.css.ts"
import * as css from "./analysis.css.ts"
import { NumberField } from "./NumberField.tsx"
import type { FasciolaForm } from "./parameters.ts"

export const FasciolaFields = ({
  form,
  hasResolution,
  onChange
}: {
  readonly form: FasciolaForm
  readonly hasResolution: boolean
  readonly onChange: (patch: Partial<FasciolaForm>) => void
}) => {
  const t = useT()
  const um = t("viewer.analysis.unitUm")
  return (
    <>
      {!hasResolution && <p className={css.invalid}>{t("viewer.analysis.fasciola.noResolution")}</p>}
      <span className={css.numberField}>{t("viewer.analysis.fasciola.length")}</span>
      <div className={css.pair}>
        <NumberField
          label={t("viewer.analysis.minimum")}
          value={form.minLength}
          unit={um}
          onChange={(v) => onChange({ minLength: v })}
          testId="fasciola-min-length"
        />
        <NumberField
          label={t("viewer.analysis.maximum")}
          value={form.maxLength}
          unit={um}
          onChange={(v) => onChange({ maxLength: v })}
          testId="fasciola-max-length"
        />
      </div>
      <span className={css.numberField} style={{ marginTop: 8 }}>
        {t("viewer.analysis.fasciola.width")}
      </span>
      <div className={css.pair}>
        <NumberField
          label={t("viewer.analysis.minimum")}
          value={form.minWidth}
          unit={um}
          onChange={(v) => onChange({ minWidth: v })}
          testId="fasciola-min-width"
        />
        <NumberField
          label={t("viewer.analysis.maximum")}
          value={form.maxWidth}
          unit={um}
          onChange={(v) => onChange({ maxWidth: v })}
          testId="fasciola-max-width"
        />
      </div>
      <div className={css.pair} style={{ marginTop: 8 }}>
        <NumberField
          label={t("viewer.analysis.fasciola.tolerance")}
          value={form.tolerance}
          unit="%"
          onChange={(v) => onChange({ tolerance: v })}
          testId="fasciola-tolerance"
        />
        <NumberField
          label={t("viewer.analysis.fasciola.sampleWeight")}
          value={form.sampleWeight}
          unit={t("viewer.analysis.fasciola.unitG")}
          onChange={(v) => onChange({ sampleWeight: v })}
          testId="fasciola-sample-weight"
        />
      </div>
      <p className={css.kindHint}>{t("viewer.analysis.fasciola.hint")}</p>
      <details className={css.details}>
        <summary className={css.summaryToggle}>{t("viewer.analysis.advanced")}</summary>
        <div className={css.pair} style={{ marginTop: 6 }}>
          <NumberField
            label={t("viewer.analysis.fasciola.saturation")}
            value={form.saturation}
            onChange={(v) => onChange({ saturation: v })}
            testId="fasciola-saturation"
          />
        </div>
        <label className={panels.checkbox} style={{ marginTop: 8 }}>
          <input type="checkbox" checked={form.split} onChange={(event) => onChange({ split: event.target.checked })} />
          {t("viewer.analysis.fasciola.split")}
        </label>
      </details>
    </>
  )
}
