// Reads a slide channel's `ai_annotation_{labId}` message (an analysis job's state or progress),
// decoded with the contract's schema: another event, or a message of another shape, is null.
import { Schema } from "effect"
import { AnalysisChanged } from "../../contract/analysis.ts"
import { realtimeEvents } from "../../contract/realtime.ts"

const decode = Schema.decodeUnknownOption(AnalysisChanged)

export const analysisChangeOf = (labId: string, event: string, data: unknown): AnalysisChanged | null => {
  if (event !== realtimeEvents.aiAnnotation(labId)) return null
  const change = decode(data)
  return change._tag === "Some" && change.value.lab_id === labId ? change.value : null
}
