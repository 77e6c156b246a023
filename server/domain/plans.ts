// Plans and what they allow. Until billing exists every user is on the free plan; the billing
// issue replaces `planOf` with the user's subscription.

export const GiB = 1024 ** 3

export interface Plan {
  readonly id: "free"
  readonly name: string
  /** Bytes of files a user may own, the trash included. */
  readonly storageBytes: number
  /** AI analysis and auto tagging are paid-only (spec section 6). */
  readonly ai: boolean
}

export const plans = {
  free: { id: "free", name: "Free", storageBytes: 5 * GiB, ai: false }
} as const satisfies Record<string, Plan>

export const planOf = (_userId: string): Plan => plans.free

/** Percentage with two decimals, as the storage bar shows it. */
export const percentageUsed = (used: number, total: number): number => (total <= 0 ? 100 : Math.round((used / total) * 10_000) / 100)
