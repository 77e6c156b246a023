// What waits for staff, for the sidebar's staff entries: receipts to verify and scan requests just
// received. Null for an account that is not staff (the flag travels with the plan in force), so the
// sidebar shows no staff entries; the staff pages and their endpoints still check on the server.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"
import { loadCurrentPlan } from "./billing.ts"

export interface StaffQueue {
  /** Receipts sent and not yet accepted or rejected. */
  readonly payments: number
  /** Scan requests received and not yet being scanned. */
  readonly scanRequests: number
}

export const loadStaffQueue = Effect.fn("Staff.queue")(function* () {
  const current = yield* loadCurrentPlan()
  if (!current.staff) return null
  // One row each: only the counts are read.
  const [payments, scans] = yield* Effect.all(
    [
      call(endpoints.paymentReview.list, { query: { page: 1, limit: 1, status: "waiting" } }),
      call(endpoints.scanRequests.all, { query: { page: 1, limit: 1, state: "received" } })
    ],
    { concurrency: 2 }
  )
  const queue: StaffQueue = { payments: payments.data.meta.count, scanRequests: scans.data.meta.count }
  return queue
})
