// The analysis form: which analysis (only those the server runs: Ki67, counting, Fasciola, comet, stroke, IMT,
// periodontitis), the region (the whole slide, or the selected closed shape; periodontitis' teeth are its
// own), and the parameters with their defaults and units. The
// values stay as typed (parameters.ts reads them); Run is offered only when they make an order.
import { useId } from "react"
import type { AnalysisKind } from "../../../contract/analysis.ts"
import { useT } from "../../../i18n/index.ts"
import * as panels from "../annotation/panels/panels.css.ts"
import * as css from "./analysis.css.ts"
import { CometFields } from "./CometFields.tsx"
import { ImtFields } from "./ImtFields.tsx"
import { StrokeFields } from "./StrokeFields.tsx"
import { FasciolaFields } from "./FasciolaFields.tsx"
import { NumberField } from "./NumberField.tsx"
import type { AnalysisForm, CountingForm, Ki67Form, Landmark } from "./parameters.ts"
import { PeriodontitisFields } from "./PeriodontitisFields.tsx"

const KINDS: ReadonlyArray<AnalysisKind> = ["ki67", "counting", "fasciola", "comet", "stroke", "imt", "periodontitis"]

export interface RegionChoice {
  readonly useShape: boolean
  /** The selected closed shape's name, null when none is selected. */
  readonly shapeName: string | null
}

export const AnalysisFormSection = ({
  form,
  onForm,
  region,
  onRegion,
  hasResolution,
  selectedPoints,
  busy,
  valid,
  onRun
}: {
  readonly form: AnalysisForm
  readonly onForm: (form: AnalysisForm) => void
  readonly region: RegionChoice
  readonly onRegion: (useShape: boolean) => void
  readonly hasResolution: boolean
  /** The selected point annotations' points, in selection order (periodontitis' landmarks). */
  readonly selectedPoints: ReadonlyArray<Landmark>
  readonly busy: boolean
  readonly valid: boolean
  readonly onRun: () => void
}) => {
  const t = useT()
  const name = useId()
  const ki67 = (patch: Partial<Ki67Form>) => onForm({ ...form, ki67: { ...form.ki67, ...patch } })
  const counting = (patch: Partial<CountingForm>) => onForm({ ...form, counting: { ...form.counting, ...patch } })
  const area = hasResolution ? t("viewer.analysis.unitUm2") : t("viewer.analysis.unitPx2")
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (valid && !busy) onRun()
      }}
      data-testid="analysis-form"
    >
      <fieldset className={css.segmented}>
        <legend className={panels.visuallyHidden}>{t("viewer.analysis.kind")}</legend>
        {KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={css.segment}
            aria-pressed={form.analysis === kind}
            data-analysis={kind}
            disabled={busy}
            onClick={() => onForm({ ...form, analysis: kind })}
          >
            {t(`viewer.analysis.kinds.${kind}`)}
          </button>
        ))}
      </fieldset>
      <p className={css.kindHint}>{t(`viewer.analysis.kindHints.${form.analysis}`)}</p>

      <fieldset className={css.group} hidden={form.analysis === "periodontitis"}>
        <legend className={css.legend}>{t("viewer.analysis.region")}</legend>
        <label className={css.radio}>
          <input type="radio" name={name} checked={!region.useShape} onChange={() => onRegion(false)} data-testid="analysis-region-slide" />
          {t("viewer.analysis.wholeSlide")}
        </label>
        <label className={`${css.radio} ${region.shapeName === null ? css.radioDisabled : ""}`}>
          <input
            type="radio"
            name={name}
            checked={region.useShape && region.shapeName !== null}
            disabled={region.shapeName === null}
            onChange={() => onRegion(true)}
            data-testid="analysis-region-shape"
          />
          {region.shapeName === null
            ? t("viewer.analysis.selectedShape")
            : t("viewer.analysis.selectedShapeName", { name: region.shapeName })}
        </label>
        {region.shapeName === null && <p className={panels.hint}>{t("viewer.analysis.selectShapeHint")}</p>}
      </fieldset>

      <fieldset className={css.group}>
        <legend className={css.legend}>{t("viewer.analysis.parameters")}</legend>
        {form.analysis === "ki67" ? (
          <>
            {!hasResolution && <p className={css.invalid}>{t("viewer.analysis.noResolution")}</p>}
            <span className={css.numberField}>{t("viewer.analysis.thresholds")}</span>
            <div className={css.triple}>
              {(["plus1", "plus2", "plus3"] as const).map((grade) => (
                <NumberField
                  key={grade}
                  label={t(`viewer.analysis.${grade}`)}
                  value={form.ki67[grade]}
                  unit="OD"
                  onChange={(v) => ki67({ [grade]: v })}
                  testId={`analysis-${grade}`}
                />
              ))}
            </div>
            <p className={css.kindHint}>{t("viewer.analysis.thresholdsHint")}</p>
            <span className={css.numberField} style={{ marginTop: 8 }}>
              {t("viewer.analysis.nucleusSize")}
            </span>
            <div className={css.pair}>
              <NumberField
                label={t("viewer.analysis.minimum")}
                value={form.ki67.minArea}
                unit={t("viewer.analysis.unitUm2")}
                onChange={(v) => ki67({ minArea: v })}
                testId="analysis-min-area"
              />
              <NumberField
                label={t("viewer.analysis.maximum")}
                value={form.ki67.maxArea}
                unit={t("viewer.analysis.unitUm2")}
                onChange={(v) => ki67({ maxArea: v })}
                testId="analysis-max-area"
              />
            </div>
            <details className={css.details}>
              <summary className={css.summaryToggle}>{t("viewer.analysis.advanced")}</summary>
              <div className={css.pair} style={{ marginTop: 6 }}>
                <NumberField
                  label={t("viewer.analysis.nucleusThreshold")}
                  value={form.ki67.nucleusThreshold}
                  unit={t("viewer.analysis.unitOd")}
                  onChange={(v) => ki67({ nucleusThreshold: v })}
                />
                <NumberField
                  label={t("viewer.analysis.sigma")}
                  value={form.ki67.sigma}
                  unit={t("viewer.analysis.unitUm")}
                  onChange={(v) => ki67({ sigma: v })}
                />
              </div>
              <label className={panels.checkbox} style={{ marginTop: 8 }}>
                <input type="checkbox" checked={form.ki67.split} onChange={(event) => ki67({ split: event.target.checked })} />
                {t("viewer.analysis.split")}
              </label>
            </details>
          </>
        ) : form.analysis === "periodontitis" ? (
          <PeriodontitisFields
            form={form.periodontitis}
            selectedPoints={selectedPoints}
            onChange={(patch) => onForm({ ...form, periodontitis: { ...form.periodontitis, ...patch } })}
          />
        ) : form.analysis === "imt" ? (
          <ImtFields
            form={form.imt}
            hasResolution={hasResolution}
            onChange={(patch) => onForm({ ...form, imt: { ...form.imt, ...patch } })}
          />
        ) : form.analysis === "stroke" ? (
          <StrokeFields
            form={form.stroke}
            hasResolution={hasResolution}
            onChange={(patch) => onForm({ ...form, stroke: { ...form.stroke, ...patch } })}
          />
        ) : form.analysis === "comet" ? (
          <CometFields form={form.comet} areaUnit={area} onChange={(patch) => onForm({ ...form, comet: { ...form.comet, ...patch } })} />
        ) : form.analysis === "fasciola" ? (
          <FasciolaFields
            form={form.fasciola}
            hasResolution={hasResolution}
            onChange={(patch) => onForm({ ...form, fasciola: { ...form.fasciola, ...patch } })}
          />
        ) : (
          <>
            <div className={css.pair}>
              <label className={css.numberField}>
                {t("viewer.analysis.color")}
                <span className={css.colorRow}>
                  <input
                    type="color"
                    className={css.colorInput}
                    value={form.counting.color}
                    onChange={(event) => counting({ color: event.target.value })}
                    data-testid="analysis-color"
                  />
                  <span className={css.unit}>{form.counting.color.toUpperCase()}</span>
                </span>
              </label>
              <NumberField
                label={t("viewer.analysis.tolerance")}
                value={form.counting.tolerance}
                onChange={(v) => counting({ tolerance: v })}
                testId="analysis-tolerance"
              />
            </div>
            <p className={css.kindHint}>{t("viewer.analysis.toleranceHint")}</p>
            <span className={css.numberField} style={{ marginTop: 8 }}>
              {t("viewer.analysis.blobSize")}
            </span>
            <div className={css.pair}>
              <NumberField
                label={t("viewer.analysis.minimum")}
                value={form.counting.minArea}
                unit={area}
                onChange={(v) => counting({ minArea: v })}
              />
              <NumberField
                label={t("viewer.analysis.maximum")}
                value={form.counting.maxArea}
                unit={area}
                onChange={(v) => counting({ maxArea: v })}
              />
            </div>
            <label className={panels.checkbox} style={{ marginTop: 8 }}>
              <input type="checkbox" checked={form.counting.split} onChange={(event) => counting({ split: event.target.checked })} />
              {t("viewer.analysis.splitBlobs")}
            </label>
          </>
        )}
      </fieldset>
      {/* No teeth yet is said by the teeth list, not as a wrong parameter. */}
      {!valid && !(form.analysis === "periodontitis" && form.periodontitis.teeth.length === 0) && (
        <p className={css.invalid}>{t("viewer.analysis.invalid")}</p>
      )}
      <div className={css.actions}>
        <button type="submit" className={`${panels.primaryButton} ${css.runButton}`} disabled={!valid || busy} data-testid="analysis-run">
          {busy ? t("viewer.analysis.starting") : t("viewer.analysis.run", { name: t(`viewer.analysis.kinds.${form.analysis}`) })}
        </button>
      </div>
    </form>
  )
}
