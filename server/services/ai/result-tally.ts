// A job's summary, tallied from the detections as the worker writes them, so that it always agrees
// with the annotations the job left (a whole slide's nuclei are never held at once).
import type { AnalysisSummary } from "../../../src/contract/analysis.ts"
import { addToTally, newTally, summarize } from "../../ai/ki67/ki67.ts"
import type { AnalysisRun, Detection } from "../../workers/analysis-protocol.ts"

export interface ResultTally {
  readonly add: (items: ReadonlyArray<Detection>) => void
  readonly summary: () => AnalysisSummary
}

export const resultTally = (run: AnalysisRun): ResultTally => {
  if (run.analysis === "ki67") {
    const tally = newTally()
    return {
      add: (items) =>
        addToTally(
          tally,
          items.map((d) => ({ x: d.x, y: d.y, areaUm2: d.area, dab: d.dab ?? 0, hematoxylin: d.h ?? 0, intensity: d.cls as 0 | 1 | 2 | 3 }))
        ),
      summary: () => {
        const s = summarize(tally)
        return {
          nuclei: s.nuclei,
          negative: s.negative,
          positive: s.positive,
          plus1: s.plus1,
          plus2: s.plus2,
          plus3: s.plus3,
          ki67_index: s.ki67Index,
          h_score: s.hScore,
          mean_dab_od: s.meanDab,
          mean_area_um2: s.meanAreaUm2
        }
      }
    }
  }
  let count = 0
  let area = 0
  return {
    add: (items) => {
      count += items.length
      for (const d of items) area += d.area
    },
    summary: () => ({ count, mean_area: count === 0 ? null : Math.round((area / count) * 100) / 100 })
  }
}
