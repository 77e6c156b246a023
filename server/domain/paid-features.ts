// Paid-only features (AI analysis and auto tagging). An endpoint of such a feature asks this rule
// first, so a free account, or one whose paid period ended, is answered 402 with the way back (choose a
// plan) rather than a bare refusal.
import { PaymentRequired } from "../../src/contract/errors.ts"
import type { Plan } from "./plans.ts"

export type PaidFeature = "ai_analysis" | "auto_tagging"

const enabled = (plan: Plan, feature: PaidFeature): boolean => (feature === "ai_analysis" ? plan.ai : plan.autoTagging)

const names: Record<PaidFeature, string> = { ai_analysis: "AI analysis", auto_tagging: "Auto tagging" }

/** The 402 to answer, or undefined when the plan includes the feature. */
export const paidFeatureRefusal = (plan: Plan, feature: PaidFeature): PaymentRequired | undefined =>
  enabled(plan, feature)
    ? undefined
    : new PaymentRequired({
        message: `${names[feature]} is part of the paid plans. Choose a plan on the pricing page to use it.`,
        code: "paid_feature",
        feature,
        plan: plan.id
      })
