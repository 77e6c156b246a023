// Pricing (/dashboard/pricing), reached from the storage meter's Upgrade button: the plans compared
// (storage, analyses, auto tagging, period, price), the plan in force marked with its end, and
// "Choose" issuing the plan's invoice and opening it. One open invoice at a time: while one is open
// the page leads to it instead.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useEffect } from "react"
import { useLocation } from "wouter"
import type { Plan } from "../../../contract/billing.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { pricingMachine } from "../../../machines/billing/pricing.machine.ts"
import { formatDate } from "../../account/dates.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import * as css from "../../billing/billing.css.ts"
import { ContactSales } from "../../billing/ContactSales.tsx"
import { formatIdr, formatStorage } from "../../billing/format.ts"
import { PlanReviewDialog } from "../../billing/PlanReviewDialog.tsx"
import { whatsappUrl } from "../../contact.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { Alert, Button, buttonClassName, CheckIcon, cx, LinkButton, PageHeader, Skeleton, WhatsAppIcon } from "../../ui/index.ts"
import { links } from "../../../contract/routes.ts"

export default function PricingPage() {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { text } = useNoticeText()
  const [, navigate] = useLocation()
  useDocumentMeta(t("billing.pricing.title"))
  const actor = useActorRef(pricingMachine)
  const { plans, current, error, chooseError, choosing, chosen } = useSelector(actor, (s) => s.context)
  const reviewing = useSelector(actor, (s) => s.matches("reviewing") || s.matches("choosing"))
  const issuing = useSelector(actor, (s) => s.matches("choosing"))
  const phase = useSelector(actor, (s) =>
    s.matches("failed") ? "failed" : s.matches("loading") && s.context.current === null ? "loading" : "ready"
  )

  useEffect(() => {
    if (chosen !== null) navigate(localePath(links.invoice(chosen.id)))
  }, [chosen, navigate, localePath])

  const open = current?.open_invoice ?? null
  const planName = (id: string) => plans.find((p) => p.id === id)?.name ?? id

  // What a plan gives that a user can use today: its storage, its period, the analyses that run and
  // auto tagging (server/ai/tagging), each checked by tests/e2e/landing-claims.test.ts.
  const figures = (plan: Plan) => [
    { name: t("billing.pricing.storage"), value: formatStorage(locale, plan.storage_bytes) },
    {
      name: t("billing.pricing.period"),
      value: plan.period_days === null ? t("billing.pricing.forever") : t("billing.pricing.periodDays", { days: plan.period_days })
    },
    // What a paid plan's analyses are: the ones that run today (tests/e2e/landing-claims.test.ts).
    {
      name: t("billing.pricing.analyses"),
      value: plan.ai && plan.analyses > 0 ? t("billing.pricing.analysesCount", { count: plan.analyses }) : t("billing.pricing.analysesNone")
    },
    {
      name: t("billing.pricing.autoTagging"),
      value: plan.auto_tagging ? t("billing.pricing.autoTaggingIncluded") : t("billing.pricing.analysesNone")
    }
  ]

  return (
    <div className={css.page}>
      <PageHeader title={t("billing.pricing.title")} description={t("billing.pricing.lead")} />
      {current?.lapsed != null && (
        <Alert kind="warning">
          {t("billing.pricing.lapsed", { plan: planName(current.lapsed.plan_id), date: formatDate(locale, current.lapsed.ended_at) })}
        </Alert>
      )}
      {open !== null && (
        <Alert
          kind="info"
          action={
            <LinkButton href={localePath(links.invoice(open.id))} size="sm">
              {t("billing.pricing.toInvoice")}
            </LinkButton>
          }
        >
          {t("billing.pricing.openInvoice", { plan: open.tier_name })}
        </Alert>
      )}
      {chooseError !== null && <Alert kind="error">{text(chooseError)}</Alert>}
      {phase === "failed" ? (
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "pricing.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {error === null ? t("billing.pricing.failed") : text(error)}
        </Alert>
      ) : phase === "loading" ? (
        <div aria-busy="true" className={css.plans}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={340} radius={16} />
          ))}
        </div>
      ) : (
        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading" className={css.heading} style={{ marginBottom: 12 }}>
            {t("billing.pricing.compare")}
          </h2>
          <ul className={css.plans}>
            {plans.map((plan) => {
              const isCurrent = current?.plan.id === plan.id
              const ends = isCurrent && current?.subscription != null ? current.subscription.ends_at : null
              return (
                <li key={plan.id} className={cx(css.plan, isCurrent && css.planCurrent)} aria-current={isCurrent ? "true" : undefined}>
                  {isCurrent && (
                    <span className={css.currentTag}>
                      <CheckIcon size={12} />
                      {t("billing.pricing.current")}
                    </span>
                  )}
                  <h3 className={css.planName}>{plan.name}</h3>
                  <div className={css.price}>
                    {plan.paid ? formatIdr(locale, plan.price_idr) : t("billing.pricing.free")}
                    {plan.period_days !== null && (
                      <span className={css.per}>{t("billing.pricing.perPeriod", { days: plan.period_days })}</span>
                    )}
                  </div>
                  {isCurrent && (
                    <p className={css.muted}>
                      {ends !== null ? t("billing.pricing.until", { date: formatDate(locale, ends) }) : t("billing.pricing.forever")}
                    </p>
                  )}
                  <dl className={css.facts}>
                    {figures(plan).map((f) => (
                      <div key={f.name} className={css.fact}>
                        <dt className={css.factName}>{f.name}</dt>
                        <dd className={css.factValue}>{f.value}</dd>
                      </div>
                    ))}
                  </dl>
                  {plan.paid && (
                    <Button
                      fullWidth
                      variant={isCurrent ? "secondary" : "primary"}
                      disabled={open !== null || (choosing !== null && choosing !== plan.id)}
                      loading={issuing && choosing === plan.id}
                      aria-label={t("billing.pricing.choose", { plan: plan.name })}
                      onClick={() => actor.send({ type: "pricing.choose", planId: plan.id })}
                    >
                      {t("billing.pricing.chooseShort")}
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
          {reviewing && (
            <PlanReviewDialog
              plan={plans.find((p) => p.id === choosing)}
              current={current}
              locale={locale}
              busy={issuing}
              onConfirm={() => actor.send({ type: "pricing.confirm" })}
              onBack={() => actor.send({ type: "pricing.back" })}
            />
          )}
        </section>
      )}
      <div className={css.actions}>
        <ContactSales />
        <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "ghost" })}>
          <WhatsAppIcon size={16} />
          {t("billing.pricing.contact")}
        </a>
      </div>
    </div>
  )
}
