// The comet assay's parameters: how far above the background a comet's pixels are, and the comet
// area range (µm² with a resolution, px² without). The tail is read along +x.
import { useT } from "../../../i18n/index.ts"
import * as css from "./analysis.css.ts"
import { NumberField } from "./NumberField.tsx"
import type { CometForm } from "./parameters.ts"

export const CometFields = ({
  form,
  areaUnit,
  onChange
}: {
  readonly form: CometForm
  readonly areaUnit: string
  readonly onChange: (patch: Partial<CometForm>) => void
}) => {
  const t = useT()
  return (
    <>
      <NumberField
        label={t("viewer.analysis.comet.threshold")}
        value={form.threshold}
        onChange={(v) => onChange({ threshold: v })}
        testId="comet-threshold"
      />
      <p className={css.kindHint}>{t("viewer.analysis.comet.thresholdHint")}</p>
      <span className={css.numberField} style={{ marginTop: 8 }}>
        {t("viewer.analysis.comet.size")}
      </span>
      <div className={css.pair}>
        <NumberField
          label={t("viewer.analysis.minimum")}
          value={form.minArea}
          unit={areaUnit}
          onChange={(v) => onChange({ minArea: v })}
          testId="comet-min-area"
        />
        <NumberField
          label={t("viewer.analysis.maximum")}
          value={form.maxArea}
          unit={areaUnit}
          onChange={(v) => onChange({ maxArea: v })}
          testId="comet-max-area"
        />
      </div>
      <p className={css.kindHint}>{t("viewer.analysis.comet.direction")}</p>
    </>
  )
}
