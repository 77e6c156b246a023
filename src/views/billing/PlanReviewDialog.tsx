// What choosing a paid plan means, before any invoice is issued: the plan, its period and price, the
// unique code the invoice adds to the price, and what becomes of the plan in force (by the server's
// rule: a dearer plan starts once the payment is verified, the same or a cheaper one follows the
// period in force so no paid day is lost). Confirming issues the invoice; Back issues nothing.
import type { CurrentPlan, Plan } from "../../contract/billing.ts"
import { type Locale, useT } from "../../i18n/index.ts"
import { formatDate } from "../account/dates.ts"
import { Button, Dialog } from "../ui/index.ts"
import { formatIdr } from "./format.ts"
import { changeOf } from "./plan-change.ts"
import * as css from "./PlanReviewDialog.css.ts"

export const PlanReviewDialog = ({
  plan,
  current,
  locale,
  busy,
  onConfirm,
  onBack
}: {
  readonly plan: Plan | undefined
  readonly current: CurrentPlan | null
  readonly locale: Locale
  readonly busy: boolean
  readonly onConfirm: () => void
  readonly onBack: () => void
}) => {
  const t = useT()
  if (plan === undefined || current === null) return null
  const change = changeOf(plan, current)
  const names = { plan: plan.name, current: current.plan.name, date: change.until ? formatDate(locale, change.until) : "" }
  return (
    <Dialog
      open
      onClose={onBack}
      dismissible={!busy}
      title={t("billing.review.title", { plan: plan.name })}
      description={t("billing.review.lead")}
      footer={
        <>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t("billing.review.back")}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {t("billing.review.confirm")}
          </Button>
        </>
      }
    >
      <dl className={css.facts} data-testid="plan-review">
        <div className={css.fact}>
          <dt>{t("billing.review.plan")}</dt>
          <dd>{plan.name}</dd>
        </div>
        <div className={css.fact}>
          <dt>{t("billing.review.period")}</dt>
          <dd>{plan.period_days === null ? t("billing.pricing.forever") : t("billing.pricing.periodDays", { days: plan.period_days })}</dd>
        </div>
        <div className={css.fact}>
          <dt>{t("billing.review.price")}</dt>
          <dd className={css.amount}>{formatIdr(locale, plan.price_idr)}</dd>
        </div>
      </dl>
      <h3 className={css.heading}>{t("billing.review.codeTitle")}</h3>
      <p className={css.body}>{t("billing.review.codeBody")}</p>
      <h3 className={css.heading}>{t("billing.review.changeTitle")}</h3>
      <p className={css.body} data-testid="plan-review-change">
        {t(`billing.review.${change.kind}`, names)}
      </p>
    </Dialog>
  )
}
