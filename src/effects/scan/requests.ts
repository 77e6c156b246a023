// The scan-request calls: the catalogue the wizard chooses from, sending a request (with or without a
// session), one's own requests, and staff's list and change of state.
import { Effect } from "effect"
import type { Locale } from "../../contract/auth.ts"
import { SCAN_REQUESTS_PAGE_SIZE, type ScanRequestPayload, type ScanState, type ScanStatePayload } from "../../contract/scan-requests.ts"
import { call, endpoints } from "../call.ts"

/** Sections and stains, named in `locale`, fetched together. */
export const loadScanCatalogue = Effect.fn("Scan.loadCatalogue")(function* (locale: Locale) {
  const [sections, stains] = yield* Effect.all(
    [call(endpoints.scanRequestsPublic.sections, { query: { locale } }), call(endpoints.scanRequestsPublic.stains, { query: { locale } })],
    { concurrency: 2 }
  )
  return { sections: sections.data, stains: stains.data }
})

/** Sends the request; with a session it is the account's (the bearer token goes along when there is one). */
export const submitScanRequest = Effect.fn("Scan.submit")(function* (payload: ScanRequestPayload) {
  const answer = yield* call(endpoints.scanRequestsPublic.submit, { payload })
  return answer.data
})

export const loadMyScanRequests = Effect.fn("Scan.mine")(function* (input: { readonly page: number; readonly locale: Locale }) {
  const answer = yield* call(endpoints.scanRequests.mine, {
    query: { page: input.page, limit: SCAN_REQUESTS_PAGE_SIZE, locale: input.locale }
  })
  return answer.data
})

export const loadAllScanRequests = Effect.fn("Scan.all")(function* (input: {
  readonly page: number
  readonly locale: Locale
  readonly state: ScanState | undefined
}) {
  const answer = yield* call(endpoints.scanRequests.all, {
    query: { page: input.page, limit: SCAN_REQUESTS_PAGE_SIZE, locale: input.locale, state: input.state }
  })
  return answer.data
})

export const advanceScanRequest = Effect.fn("Scan.advance")(function* (input: { readonly id: string; readonly change: ScanStatePayload }) {
  const answer = yield* call(endpoints.scanRequests.advance, { params: { id: input.id }, payload: input.change })
  return answer.data
})
