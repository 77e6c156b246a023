// IMT's parameters: the thickness range the search allows (mm), with the hint that the region is a
// rectangle over the carotid's far wall, the lumen above it.
import { useT } from "../../../i18n/index.ts"
import * as css from "./analysis.css.ts"
import { NumberField } from "./NumberField.tsx"
import type { ImtForm } from "./parameters.ts"

export const ImtFields = ({
  form,
  hasResolution,
  onChange
}: {
  readonly form: ImtForm
  readonly hasResolution: boolean
  readonly onChange: (patch: Partial<ImtForm>) => void
}) => {
  const t = useT()
  const mm = t("viewer.analysis.imt.unitMm")
  return (
    <>
      {!hasResolution && <p className={css.invalid}>{t("viewer.analysis.imt.noResolution")}</p>}
      <p className={css.kindHint}>{t("viewer.analysis.imt.hint")}</p>
      <span className={css.numberField}>{t("viewer.analysis.imt.range")}</span>
      <div className={css.pair}>
        <NumberField
          label={t("viewer.analysis.minimum")}
          value={form.minImt}
          unit={mm}
          onChange={(v) => onChange({ minImt: v })}
          testId="imt-min"
        />
        <NumberField
          label={t("viewer.analysis.maximum")}
          value={form.maxImt}
          unit={mm}
          onChange={(v) => onChange({ maxImt: v })}
          testId="imt-max"
        />
      </div>
    </>
  )
}
