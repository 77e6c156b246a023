// A job's summary, tallied from the detections as the worker writes them, so that it always agrees
// with the annotations the job left (a whole slide's nuclei are never held at once).
import type { AnalysisSummary } from "../../../src/contract/analysis.ts"
import { meanAndMedian } from "../../ai/comet/comet.ts"
import { eggsPerGram, REJECT_REASONS, type RejectReason } from "../../ai/fasciola/fasciola.ts"
import { addToTally, newTally, summarize } from "../../ai/ki67/ki67.ts"
import { periodontitisSummary } from "../../ai/periodontitis/periodontitis.ts"
import { strokeMeasures } from "../../ai/stroke/stroke.ts"
import type { AnalysisRun, Detection } from "../../workers/analysis-protocol.ts"

export interface ResultTally {
  /** A tile's detections, and (Fasciola) the objects it left out by reason. */
  readonly add: (items: ReadonlyArray<Detection>, rejected?: Partial<Record<RejectReason, number>>) => void
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
  if (run.analysis === "fasciola") return fasciolaTally(run.parameters.sampleWeightG)
  if (run.analysis === "comet") return cometTally()
  if (run.analysis === "stroke") return strokeTally(run.parameters.sliceThicknessMm)
  if (run.analysis === "imt") return imtTally()
  if (run.analysis === "periodontitis") return periodontitisTally(run.parameters.teeth.length, run.parameters.ageYears)
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

const round2 = (v: number) => Math.round(v * 100) / 100

/** Fasciola: the eggs, eggs per gram of the weight given, their mean size, and the rejected objects by reason. */
const fasciolaTally = (sampleWeightG: number | null): ResultTally => {
  let count = 0
  let length = 0
  let width = 0
  let area = 0
  const rejected = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<RejectReason, number>
  return {
    add: (items, left) => {
      for (const d of items) {
        count++
        length += d.ellipse?.lengthUm ?? 0
        width += d.ellipse?.widthUm ?? 0
        area += d.area
      }
      for (const r of REJECT_REASONS) rejected[r] += left?.[r] ?? 0
    },
    summary: () => {
      const epg = eggsPerGram(count, sampleWeightG)
      const mean = (sum: number) => (count === 0 ? null : round2(sum / count))
      return {
        count,
        eggs_per_gram: epg === null ? null : round2(epg),
        sample_weight_g: sampleWeightG,
        mean_length_um: mean(length),
        mean_width_um: mean(width),
        mean_area_um2: mean(area),
        rejected: REJECT_REASONS.reduce((sum, r) => sum + rejected[r], 0),
        ...Object.fromEntries(REJECT_REASONS.map((r) => [`rejected_${r}`, rejected[r]]))
      }
    }
  }
}

/**
 * The comet assay: the comets, and the population's mean and median of each measure (a slide holds
 * hundreds of comets, not a whole slide's nuclei: their values are kept for the median).
 */
const cometTally = (): ResultTally => {
  const measures = { tail_dna_pct: [] as number[], tail_length: [] as number[], tail_moment: [] as number[], olive_moment: [] as number[] }
  return {
    add: (items) => {
      for (const d of items) {
        if (!d.comet) continue
        measures.tail_dna_pct.push(d.comet.tailDnaPct)
        measures.tail_length.push(d.comet.tailLength)
        measures.tail_moment.push(d.comet.tailMoment)
        measures.olive_moment.push(d.comet.oliveMoment)
      }
    },
    summary: () => {
      const out: Record<string, number | null> = { comets: measures.tail_dna_pct.length }
      for (const [name, values] of Object.entries(measures)) {
        const { mean, median } = meanAndMedian(values)
        out[`mean_${name}`] = mean === null ? null : round2(mean)
        out[`median_${name}`] = median === null ? null : round2(median)
      }
      return out
    }
  }
}

/** The stroke analysis: the parts' areas (mm²) summed, then the measures (server/ai/stroke/README.md). */
const strokeTally = (thicknessMm: number | null): ResultTally => {
  const area = { infarct: 0, ipsilateral: 0, contralateral: 0 }
  let infarcts = 0
  return {
    add: (items) => {
      for (const d of items) {
        if (!d.stroke) continue
        area[d.stroke.part] += d.area
        if (d.stroke.part === "infarct") infarcts++
      }
    },
    summary: () => {
      const m = strokeMeasures(area, thicknessMm)
      const r = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000)
      return {
        infarcts,
        infarct_area_mm2: r(m.infarctArea),
        ipsilateral_area_mm2: r(m.ipsilateralArea),
        contralateral_area_mm2: r(m.contralateralArea),
        infarct_pct: r(m.infarctPct),
        corrected_infarct_area_mm2: r(m.correctedInfarctArea),
        corrected_infarct_pct: r(m.correctedInfarctPct),
        swelling_pct: r(m.swellingPct),
        slice_thickness_mm: thicknessMm,
        infarct_volume_mm3: r(m.infarctVolume)
      }
    }
  }
}

/** IMT: the region's measures, which both traces carry (nulls when no wall was found). */
const imtTally = (): ResultTally => {
  let found: NonNullable<Detection["imt"]> | undefined
  return {
    add: (items) => {
      for (const d of items) found = d.imt ?? found
    },
    summary: () => ({
      imt_mean_mm: found?.meanMm ?? null,
      imt_max_mm: found?.maxMm ?? null,
      imt_sd_mm: found?.sdMm ?? null,
      columns: found?.columns ?? 0
    })
  }
}

/**
 * Periodontitis: per tooth its bone loss, stage and lengths (each tooth's axis carries them), then the
 * mouth's worst tooth's stage and, with the age, grade (server/ai/periodontitis/README.md).
 */
const periodontitisTally = (teeth: number, ageYears: number | null): ResultTally => {
  const axes = new Map<number, NonNullable<Detection["perio"]>>()
  return {
    add: (items) => {
      for (const d of items) if (d.perio?.part === "axis") axes.set(d.perio.tooth, d.perio)
    },
    summary: () => {
      const rbl = Array.from({ length: teeth }, (_, i) => axes.get(i + 1)?.rblPct ?? null)
      const s = periodontitisSummary(rbl, ageYears)
      const r = (v: number | null) => (v === null ? null : round2(v))
      const out: Record<string, number | null> = {
        teeth,
        worst_rbl_pct: r(s.worstRblPct),
        stage: s.stage,
        grade: s.grade,
        age_years: ageYears,
        rbl_pct_per_year: s.rate === null ? null : Math.round(s.rate * 1000) / 1000,
        mean_rbl_pct: r(s.meanRblPct)
      }
      for (let n = 1; n <= teeth; n++) {
        const tooth = axes.get(n)
        out[`tooth_${n}_rbl_pct`] = tooth?.rblPct ?? null
        out[`tooth_${n}_stage`] = tooth?.stage ?? null
        out[`tooth_${n}_cej_crest_mm`] = tooth?.cejCrestMm ?? null
        out[`tooth_${n}_root_mm`] = tooth?.rootMm ?? null
      }
      return out
    }
  }
}
