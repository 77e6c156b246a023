// Where the scan request is: every step numbered, the ones behind ticked, the current one marked for
// assistive technology (aria-current="step"). On a phone it folds into "Step 2 of 5" and a bar.
import { useT } from "../../i18n/index.ts"
import { type ScanStep, scanSteps } from "../../machines/scan/requestScanRules.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { CheckIcon } from "../ui/index.ts"
import * as css from "./scan.css.ts"

export const ScanStepper = ({ current }: { readonly current: ScanStep }) => {
  const t = useT()
  const index = scanSteps.indexOf(current)
  const total = scanSteps.length
  return (
    <>
      <ol className={css.stepper} aria-label={t("public.requestScan.form.stepList")}>
        {scanSteps.map((step, i) => {
          const state = i < index ? "done" : i === index ? "current" : "next"
          return (
            <li key={step} className={css.stepperItem} data-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span className={css.stepperDot} aria-hidden="true">
                {state === "done" ? <CheckIcon size={16} /> : i + 1}
              </span>
              <span className={css.stepperLabel}>
                {t(`public.requestScan.stepNames.${step}`)}
                {state === "done" && <span className={visuallyHidden}>, {t("public.requestScan.form.done")}</span>}
              </span>
            </li>
          )
        })}
      </ol>
      <div className={css.compactSteps}>
        <p className={css.compactText}>
          {t("public.requestScan.form.progress", { current: index + 1, total })}
          {" · "}
          <span className={css.compactName}>{t(`public.requestScan.stepNames.${current}`)}</span>
        </p>
        <div className={css.bar} aria-hidden="true">
          <div className={css.barFill} style={{ width: `${((index + 1) / total) * 100}%` }} />
        </div>
      </div>
    </>
  )
}
