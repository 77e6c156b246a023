// The fields of each step of the scan request. Every input is controlled by the wizard's machine:
// each change goes to it as `scan.change`, so next and back keep what was typed.
import type { ReactNode } from "react"
import type { FieldNotices } from "../../effects/Notice.ts"
import { useT } from "../../i18n/index.ts"
import type { ScanCatalogue } from "../../machines/scan/requestScan.machine.ts"
import type { FormStep, ScanAccount, ScanValues } from "../../machines/scan/requestScanRules.ts"
import { TextAreaField } from "../account/TextAreaField.tsx"
import { useNoticeText } from "../account/useNoticeText.ts"
import { Select, TextField, UserCircleIcon } from "../ui/index.ts"
import { ChoiceCards } from "./ChoiceCards.tsx"
import * as css from "./scan.css.ts"

export interface StepProps {
  readonly values: ScanValues
  readonly fields: FieldNotices
  readonly catalogue: ScanCatalogue
  readonly account: ScanAccount | null
  readonly change: (values: Partial<ScanValues>) => void
}

/** What a text input of the step needs: its value, its change, its message. */
const useBind = ({ values, fields, change }: StepProps) => {
  const { field } = useNoticeText()
  return <K extends keyof ScanValues>(name: K) => ({
    name,
    value: String(values[name] ?? ""),
    error: field(fields, name),
    onChange: (event: { currentTarget: { value: string } }) => change({ [name]: event.currentTarget.value } as Partial<ScanValues>)
  })
}

const Specimen = (props: StepProps) => {
  const t = useT()
  const bind = useBind(props)
  return (
    <>
      <TextField
        {...bind("preparations")}
        label={t("public.requestScan.fields.preparations")}
        hint={t("public.requestScan.fields.preparationsHint")}
        type="number"
        inputMode="numeric"
        min={1}
        max={500}
        step={1}
        aria-required="true"
        style={{ maxWidth: 200 }}
      />
      <TextAreaField
        {...bind("diagnosis")}
        label={t("public.requestScan.fields.diagnosis")}
        hint={t("public.requestScan.fields.diagnosisHint")}
        aria-required="true"
        rows={3}
      />
    </>
  )
}

const Preparation = (props: StepProps) => {
  const t = useT()
  const bind = useBind(props)
  const { field } = useNoticeText()
  const options = (items: ScanCatalogue["sections"]) => items.map((item) => ({ value: item.id, label: item.name }))
  return (
    <>
      <div className={css.row}>
        <Select
          {...bind("section")}
          label={t("public.requestScan.fields.section")}
          placeholder={t("public.requestScan.fields.sectionPlaceholder")}
          options={options(props.catalogue.sections)}
          aria-required="true"
        />
        <Select
          {...bind("stain")}
          label={t("public.requestScan.fields.stain")}
          placeholder={t("public.requestScan.fields.stainPlaceholder")}
          options={options(props.catalogue.stains)}
          aria-required="true"
        />
      </div>
      <ChoiceCards
        legend={t("public.requestScan.fields.magnification")}
        name="magnification"
        value={props.values.magnification}
        onChange={(magnification) => props.change({ magnification })}
        error={field(props.fields, "magnification")}
        choices={[
          { value: "20x", title: t("public.requestScan.fields.magnification20"), hint: t("public.requestScan.fields.magnification20Hint") },
          { value: "40x", title: t("public.requestScan.fields.magnification40"), hint: t("public.requestScan.fields.magnification40Hint") }
        ]}
      />
    </>
  )
}

const Handling = (props: StepProps) => {
  const t = useT()
  const bind = useBind(props)
  const { field } = useNoticeText()
  const answer = props.values.return_slides === null ? "" : props.values.return_slides ? "yes" : "no"
  return (
    <>
      <ChoiceCards
        legend={t("public.requestScan.fields.returnSlides")}
        name="return_slides"
        value={answer}
        onChange={(choice) => props.change({ return_slides: choice === "yes" })}
        error={field(props.fields, "return_slides")}
        choices={[
          { value: "yes", title: t("public.requestScan.fields.returnYes"), hint: t("public.requestScan.fields.returnYesHint") },
          { value: "no", title: t("public.requestScan.fields.returnNo"), hint: t("public.requestScan.fields.returnNoHint") }
        ]}
      />
      {props.values.return_slides === true && (
        <TextAreaField
          {...bind("return_address")}
          label={t("public.requestScan.fields.returnAddress")}
          hint={t("public.requestScan.fields.returnAddressHint")}
          autoComplete="street-address"
          aria-required="true"
          rows={3}
        />
      )}
      <TextAreaField
        {...bind("notes")}
        label={t("public.requestScan.fields.notes")}
        hint={t("public.requestScan.fields.notesHint")}
        rows={3}
      />
    </>
  )
}

const Contact = (props: StepProps) => {
  const t = useT()
  const bind = useBind(props)
  const phone = (
    <TextField
      {...bind("contact_phone")}
      label={t("public.requestScan.fields.contactPhone")}
      hint={t("public.requestScan.fields.contactPhoneHint")}
      type="tel"
      autoComplete="tel"
    />
  )
  if (props.account !== null) {
    return (
      <>
        <div className={css.accountNote}>
          <UserCircleIcon size={22} />
          <div className={css.accountText}>
            <strong>{t("public.requestScan.account.title")}</strong>
            <span>{props.account.name}</span>
            <span className={css.muted}>{t("public.requestScan.account.body", { email: props.account.email })}</span>
          </div>
        </div>
        {phone}
      </>
    )
  }
  return (
    <>
      <div className={css.row}>
        <TextField {...bind("contact_name")} label={t("public.requestScan.fields.contactName")} autoComplete="name" aria-required="true" />
        <TextField
          {...bind("contact_email")}
          label={t("public.requestScan.fields.contactEmail")}
          type="email"
          autoComplete="email"
          aria-required="true"
        />
      </div>
      {phone}
    </>
  )
}

const steps: Readonly<Record<FormStep, (props: StepProps) => ReactNode>> = {
  specimen: Specimen,
  preparation: Preparation,
  handling: Handling,
  contact: Contact
}

export const StepFields = ({ step, ...props }: StepProps & { readonly step: FormStep }) => {
  const Fields = steps[step]
  return <Fields {...props} />
}
