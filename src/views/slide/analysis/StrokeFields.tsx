// The stroke analysis' parameters: the optional midline (image pixels; empty: the slice's axis of
// symmetry) and slice thickness (mm; with it, the infarct's volume), and, folded away, the value
// below which a pixel is background and the saturation below which slice tissue is infarct.
import { useT } from "../../../i18n/index.ts"
import * as css from "./analysis.css.ts"
import { NumberField } from "./NumberField.tsx"
import type { StrokeForm } from "./parameters.ts"

export const StrokeFields = ({
  form,
  hasResolution,
  onChange
}: {
  readonly form: StrokeForm
  readonly hasResolution: boolean
  readonly onChange: (patch: Partial<StrokeForm>) => void
}) => {
  const t = useT()
  return (
    <>
      {!hasResolution && <p className={css.invalid}>{t("viewer.analysis.stroke.noResolution")}</p>}
      <div className={css.pair}>
        <NumberField
          label={t("viewer.analysis.stroke.midline")}
          value={form.midline}
          unit={t("viewer.analysis.stroke.unitPx")}
          onChange={(v) => onChange({ midline: v })}
          testId="stroke-midline"
        />
        <NumberField
          label={t("viewer.analysis.stroke.thickness")}
          value={form.thickness}
          unit={t("viewer.analysis.stroke.unitMm")}
          onChange={(v) => onChange({ thickness: v })}
          testId="stroke-thickness"
        />
      </div>
      <p className={css.kindHint}>{t("viewer.analysis.stroke.midlineHint")}</p>
      <p className={css.kindHint}>{t("viewer.analysis.stroke.thicknessHint")}</p>
      <details className={css.details}>
        <summary className={css.summaryToggle}>{t("viewer.analysis.advanced")}</summary>
        <div className={css.pair} style={{ marginTop: 6 }}>
          <NumberField
            label={t("viewer.analysis.stroke.background")}
            value={form.background}
            onChange={(v) => onChange({ background: v })}
            testId="stroke-background"
          />
          <NumberField
            label={t("viewer.analysis.stroke.saturation")}
            value={form.saturation}
            onChange={(v) => onChange({ saturation: v })}
            testId="stroke-saturation"
          />
        </div>
      </details>
    </>
  )
}
