// A new report's case identifier, read from the slide's lab metadata ("Case", "Patient ID",
// "Specimen ID", ...; see caseIdFromMetadata) so the author need not copy it by hand.
import { Effect } from "effect"
import { caseIdFromMetadata } from "../../contract/report-fields.ts"
import { call, endpoints } from "../call.ts"

export const loadCaseId = Effect.fn("Reports.caseId")(function* (slideId: string) {
  const answer = yield* call(endpoints.labsView.metadata, { query: { lab_id: slideId } })
  return caseIdFromMetadata(answer.data.metadata)
})
