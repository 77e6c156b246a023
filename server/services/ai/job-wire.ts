// An analysis job's row as the wire shows it (src/contract/analysis.ts AnalysisJob), and the reads
// that answer it with its requester's name.
import type { AnalysisJob, AnalysisRegion, AnalysisSummary } from "../../../src/contract/analysis.ts"
import type { AnalysisJobRow } from "./AnalysisJobs.ts"
import { isFinished } from "../../domain/analysis-rules.ts"
import type { Trx } from "../platform/Database.ts"

/** The region as stored: the wire's, with the annotation's outline kept for the worker. */
export type StoredRegion =
  | { readonly type: "slide" }
  | { readonly type: "annotation"; readonly annotation_id: string; readonly ring: ReadonlyArray<number> }

export const wireRegion = (stored: StoredRegion): AnalysisRegion =>
  stored.type === "slide" ? { type: "slide" } : { type: "annotation", annotation_id: stored.annotation_id }

export type JobWithUser = AnalysisJobRow & { readonly user_name: string | null }

export const jobsWithUsers = (db: Trx) =>
  db.selectFrom("analysis_jobs as j").leftJoin("users as u", "u.id", "j.user_id").selectAll("j").select("u.name as user_name")

export const toWireJob = (row: JobWithUser): AnalysisJob => ({
  id: row.id,
  lab_id: row.lab_id,
  analysis: row.analysis as AnalysisJob["analysis"],
  state: row.state,
  percent: Number(row.percent),
  done: isFinished(row.state),
  region: wireRegion(JSON.parse(row.region) as StoredRegion),
  parameters: JSON.parse(row.parameters) as Record<string, unknown>,
  detections: Number(row.detections),
  summary: row.summary === null ? null : (JSON.parse(row.summary) as AnalysisSummary),
  error: row.error,
  user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? "" },
  removed: row.removed_at !== null,
  created_at: row.created_at,
  updated_at: row.updated_at,
  finished_at: row.finished_at
})
