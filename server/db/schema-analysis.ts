// The analysis jobs table (migration 0030), part of the schema (schema.ts gathers every table).
// JSON columns hold text; times are ISO-8601 UTC strings, as everywhere.

export type AnalysisState = "accepted" | "running" | "done" | "failed" | "cancelled"

export interface AnalysisJobsTable {
  id: string
  lab_id: string
  user_id: string | null
  /** "ki67" | "counting" (src/contract/analysis.ts AnalysisKind). */
  analysis: string
  /** The region as JSON (server/domain/analysis-region.ts). */
  region: string
  /** The parameters as JSON, defaults filled in. */
  parameters: string
  state: AnalysisState
  percent: number
  /** Detections written so far. */
  detections: number
  /** The result's summary as JSON, once done. */
  summary: string | null
  error: string | null
  attempts: number
  locked_until: string | null
  /** When its results were removed (the job stays, as the record of a counted analysis). */
  removed_at: string | null
  created_at: string
  updated_at: string
  finished_at: string | null
}
