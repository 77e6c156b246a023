// The scan-request wizard: one step at a time with the stepper above, the review, and the sent panel.
// Thin: it renders the machine's snapshot and sends it what the user does. Focus follows the flow: a
// new step's heading takes it (so a screen reader hears where it is), and a refused step hands it
// to the first field that says what is wrong.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { type RefObject, useEffect, useId, useRef, useState } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { requestScanMachine } from "../../machines/scan/requestScan.machine.ts"
import { type FormStep, formSteps, type ScanAccount, type ScanStep, type ScanValues } from "../../machines/scan/requestScanRules.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { Alert, ArrowLeftIcon, ArrowRightIcon, Button, buttonClassName, CheckCircleIcon, Skeleton } from "../ui/index.ts"
import * as css from "./scan.css.ts"
import { ScanReview } from "./ScanReview.tsx"
import { ShippingPanel } from "./ShippingPanel.tsx"
import { ScanStepper } from "./ScanStepper.tsx"
import { StepFields } from "./ScanSteps.tsx"
import { links } from "../../contract/routes.ts"
import type { ReceivingLab } from "../../contract/scan-requests.ts"

type Phase = "loading" | "loadFailed" | "form" | "sent"

export const ScanWizard = ({ account }: { readonly account: ScanAccount | null }) => {
  const t = useT()
  const { locale } = useLocale()
  const { text } = useNoticeText()
  const actor = useActorRef(requestScanMachine, { input: { locale, account } })
  const phase = useSelector(
    actor,
    (s): Phase => (s.matches("loading") ? "loading" : s.matches("loadFailed") ? "loadFailed" : s.matches("sent") ? "sent" : "form")
  )
  const step = useSelector(actor, (s): ScanStep => formSteps.find((f) => s.matches({ editing: f })) ?? "review")
  const { values, fields, error, catalogue, sent } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useRef<HTMLFormElement>(null)
  // Bumped when next was refused, to move focus to the first field in error once it renders.
  const [refusals, setRefusals] = useState(0)

  const place = `${phase}:${step}`
  const firstPlace = useRef(place)
  useEffect(() => {
    if (place === firstPlace.current) return
    heading.current?.focus()
  }, [place])
  useEffect(() => {
    if (refusals === 0) return
    form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus()
  }, [refusals])

  const change = (changed: Partial<ScanValues>) => actor.send({ type: "scan.change", values: changed })
  const next = () => {
    actor.send({ type: "scan.next" })
    const after = actor.getSnapshot()
    if (after.matches({ editing: step as FormStep }) && Object.keys(after.context.fields).length > 0) setRefusals((n) => n + 1)
  }

  if (phase === "loading") {
    return (
      <section className={css.wizard} aria-busy="true" aria-label={t("public.requestScan.form.loading")}>
        <div className={css.wizardHead}>
          <Skeleton height={32} />
        </div>
        <div className={css.wizardBody}>
          <div className={css.skeletonStack}>
            <Skeleton height={28} width="40%" />
            <Skeleton height={38} />
            <Skeleton height={96} />
          </div>
        </div>
      </section>
    )
  }

  if (phase === "loadFailed") {
    return (
      <Alert
        kind="error"
        title={t("public.requestScan.form.loadFailed")}
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "scan.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {text(error)}
      </Alert>
    )
  }

  if (phase === "sent" && sent !== null) {
    return (
      <section className={css.wizard} aria-labelledby={headingId}>
        <div className={css.wizardBody}>
          <Sent
            headingId={headingId}
            heading={heading}
            reference={sent.reference}
            sendTo={sent.send_to}
            email={sent.contact.email}
            signedIn={account !== null}
            again={() => actor.send({ type: "scan.again" })}
          />
        </div>
      </section>
    )
  }

  if (catalogue === null) return null
  const stepIndex = formSteps.indexOf(step as FormStep)
  return (
    <section className={css.wizard} aria-label={t("public.requestScan.form.label")}>
      <div className={css.wizardHead}>
        <ScanStepper current={step} />
      </div>
      <form
        ref={form}
        className={css.wizardBody}
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault()
          if (step === "review") actor.send({ type: "scan.submit" })
          else next()
        }}
      >
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1} className={css.stepTitle}>
            {t(`public.requestScan.stepNames.${step}`)}
          </h2>
          <p className={css.stepLead}>{t(`public.requestScan.stepLeads.${step}`)}</p>
        </div>
        {step === "review" ? (
          <>
            {error !== null && (
              <Alert kind="error" title={t("public.requestScan.form.failed")}>
                {text(error)}
              </Alert>
            )}
            <ScanReview values={values} catalogue={catalogue} account={account} edit={(s) => actor.send({ type: "scan.edit", step: s })} />
          </>
        ) : (
          <StepFields step={step} values={values} fields={fields} catalogue={catalogue} account={account} change={change} />
        )}
        <div className={css.actions}>
          {step !== "specimen" && (
            <Button
              variant="secondary"
              iconStart={<ArrowLeftIcon size={16} />}
              disabled={busy}
              onClick={() => actor.send({ type: "scan.back" })}
            >
              {t("public.requestScan.form.back")}
            </Button>
          )}
          <span className={css.actionsEnd}>
            {step === "review" ? (
              <Button type="submit" loading={busy} iconEnd={<CheckCircleIcon size={16} />} fullWidth>
                {t("public.requestScan.form.submit")}
              </Button>
            ) : (
              <Button type="submit" iconEnd={<ArrowRightIcon size={16} />} fullWidth>
                {stepIndex === formSteps.length - 1 ? t("public.requestScan.form.review") : t("public.requestScan.form.next")}
              </Button>
            )}
          </span>
        </div>
      </form>
    </section>
  )
}

interface SentProps {
  readonly headingId: string
  readonly heading: RefObject<HTMLHeadingElement | null>
  readonly reference: string
  readonly sendTo: ReceivingLab
  readonly email: string
  readonly signedIn: boolean
  readonly again: () => void
}

const Sent = ({ headingId, heading, reference, sendTo, email, signedIn, again }: SentProps) => {
  const t = useT()
  const { localePath } = useLocale()
  return (
    <div className={css.sent}>
      <span className={css.sentIcon} aria-hidden="true">
        <CheckCircleIcon size={26} />
      </span>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={css.stepTitle}>
        {t("public.requestScan.sent.title")}
      </h2>
      <span className={css.reference}>{t("public.requestScan.sent.reference", { reference })}</span>
      <p className={css.muted}>{t("public.requestScan.sent.mailed", { email })}</p>
      <div>
        <h3 className={css.reviewTitle}>{t("public.requestScan.sent.nextTitle")}</h3>
        <p className={css.muted}>{t("public.requestScan.sent.next")}</p>
      </div>
      <ShippingPanel lab={sendTo} reference={reference} />
      {!signedIn && (
        <p className={css.muted}>
          {t("public.requestScan.sent.account")} <Link href={localePath("/register")}>{t("common.createAccount")}</Link>
        </p>
      )}
      <div className={css.sentActions}>
        {signedIn && (
          <Link href={localePath(links.settings.scanRequests())} className={buttonClassName({ variant: "primary" })}>
            {t("public.requestScan.sent.mine")}
          </Link>
        )}
        <Button variant={signedIn ? "secondary" : "primary"} onClick={again}>
          {t("public.requestScan.sent.another")}
        </Button>
      </div>
    </div>
  )
}
