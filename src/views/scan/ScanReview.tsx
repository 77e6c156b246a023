// The review step: every answer, grouped by the step that asked for it, each group with a way back
// to change it.
import { Fragment } from "react"
import { useT } from "../../i18n/index.ts"
import type { ScanCatalogue } from "../../machines/scan/requestScan.machine.ts"
import { type FormStep, formSteps, type ScanAccount, type ScanValues } from "../../machines/scan/requestScanRules.ts"
import { Button, PenIcon } from "../ui/index.ts"
import * as css from "./scan.css.ts"

interface ReviewProps {
  readonly values: ScanValues
  readonly catalogue: ScanCatalogue
  readonly account: ScanAccount | null
  readonly edit: (step: FormStep) => void
}

export const ScanReview = ({ values, catalogue, account, edit }: ReviewProps) => {
  const t = useT()
  const nameIn = (items: ScanCatalogue["sections"], id: string) => items.find((item) => item.id === id)?.name ?? id
  const orNone = (text: string) => (text.trim() === "" ? t("public.requestScan.form.none") : text.trim())
  const answers: Readonly<Record<FormStep, ReadonlyArray<readonly [string, string]>>> = {
    specimen: [
      [t("public.requestScan.fields.preparations"), values.preparations.trim()],
      [t("public.requestScan.fields.diagnosis"), values.diagnosis.trim()]
    ],
    preparation: [
      [t("public.requestScan.fields.section"), nameIn(catalogue.sections, values.section)],
      [t("public.requestScan.fields.stain"), nameIn(catalogue.stains, values.stain)],
      [t("public.requestScan.fields.magnification"), values.magnification]
    ],
    handling: [
      [
        t("public.requestScan.fields.returnSlides"),
        values.return_slides ? t("public.requestScan.form.yes") : t("public.requestScan.form.no")
      ],
      ...(values.return_slides ? [[t("public.requestScan.fields.returnAddress"), values.return_address.trim()] as const] : []),
      [t("public.requestScan.fields.notes"), orNone(values.notes)]
    ],
    contact: [
      [t("public.requestScan.fields.contactName"), account?.name ?? values.contact_name.trim()],
      [t("public.requestScan.fields.contactEmail"), account?.email ?? values.contact_email.trim()],
      [t("public.requestScan.fields.contactPhone"), orNone(values.contact_phone)]
    ]
  }
  return (
    <>
      {formSteps.map((step) => {
        const name = t(`public.requestScan.stepNames.${step}`)
        return (
          <section key={step} className={css.reviewSection} aria-labelledby={`review-${step}`}>
            <div className={css.reviewHead}>
              <h3 id={`review-${step}`} className={css.reviewTitle}>
                {name}
              </h3>
              <Button
                variant="ghost"
                size="sm"
                iconStart={<PenIcon size={14} />}
                aria-label={t("public.requestScan.form.editStep", { step: name })}
                onClick={() => edit(step)}
              >
                {t("public.requestScan.form.edit")}
              </Button>
            </div>
            <dl className={css.answers}>
              {answers[step].map(([term, value]) => (
                <Fragment key={term}>
                  <dt className={css.answerTerm}>{term}</dt>
                  <dd className={css.answerValue}>{value}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        )
      })}
    </>
  )
}
