// The English texts of the scan-request answers; field rule messages come from the shared i18n keys.
import type { ScanState } from "../../src/contract/scan-requests.ts"
import { render } from "./field-errors.ts"

export const scanRequestMessages = {
  sent: "Scan request sent.",
  required: render("validation.required"),
  notOffered: render("validation.choice"),
  staffOnly: "Only staff can see every scan request and change one.",
  notFound: "No such scan request.",
  moved: (state: ScanState) => `The scan request is now ${state}.`,
  changedMeanwhile: "Someone else changed this scan request meanwhile; reload to see its state.",
  notNext: (state: ScanState, next: ScanState | null) =>
    next === null ? `The scan request is ${state}; nothing follows.` : `The scan request is ${state}; it can only move to ${next}.`
} as const
