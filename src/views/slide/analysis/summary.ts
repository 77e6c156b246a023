// A finished job's summary as the panel's table and its CSV: which numbers each analysis reports
// (server/services/ai/result-tally.ts names them), in the order a pathologist reads them, with units.
// Pure, so the rows and the file are tested without a browser.
import type { AnalysisKind, AnalysisSummary } from "../../../contract/analysis.ts"

/** One row: the summary's field, its i18n key part under viewer.analysis.summary, and its unit. */
export interface SummaryRow {
  readonly field: string
  readonly key: SummaryKey
  /** "area" and "length": µm² and µm with a resolution, px² and px without (SlideUnits). */
  /** "stage" and "grade": periodontitis' 1–3, read I, II, III/IV and A, B, C (no unit). */
  readonly unit: "" | "%" | "OD" | "µm²" | "area" | "length" | "µm" | "g" | "/g" | "mm" | "mm²" | "mm³" | "stage" | "grade"
  readonly value: number | null
  /** The headline figure (set large above the table). */
  readonly lead: boolean
  /** Periodontitis: the tooth (from 1) a row is about, its name's {{n}}. */
  readonly tooth?: number
}

export type SummaryKey =
  | "nuclei"
  | "positive"
  | "negative"
  | "plus1"
  | "plus2"
  | "plus3"
  | "ki67Index"
  | "hScore"
  | "meanDab"
  | "meanArea"
  | "count"
  | "meanBlobArea"
  | "eggs"
  | "eggsPerGram"
  | "sampleWeight"
  | "meanLength"
  | "meanWidth"
  | "meanEggArea"
  | "rejected"
  | "rejectedSpeck"
  | "rejectedShort"
  | "rejectedLong"
  | "rejectedNarrow"
  | "rejectedWide"
  | "rejectedIrregular"
  | "comets"
  | "meanTailDna"
  | "medianTailDna"
  | "meanTailLength"
  | "medianTailLength"
  | "meanTailMoment"
  | "medianTailMoment"
  | "meanOliveMoment"
  | "medianOliveMoment"
  | "infarctPct"
  | "infarctArea"
  | "ipsilateralArea"
  | "contralateralArea"
  | "correctedInfarctArea"
  | "correctedInfarctPct"
  | "swellingPct"
  | "infarctVolume"
  | "infarcts"
  | "imtMean"
  | "imtMax"
  | "imtSd"
  | "columns"
  | "stage"
  | "grade"
  | "worstRbl"
  | "meanRbl"
  | "teeth"
  | "ageYears"
  | "rblPerYear"
  | "toothRbl"
  | "toothStage"
  | "toothCejCrest"
  | "toothRoot"

const FIELDS: Readonly<Record<AnalysisKind, ReadonlyArray<readonly [string, SummaryKey, SummaryRow["unit"], boolean?]>>> = {
  ki67: [
    ["ki67_index", "ki67Index", "%", true],
    ["h_score", "hScore", ""],
    ["nuclei", "nuclei", ""],
    ["positive", "positive", ""],
    ["negative", "negative", ""],
    ["plus1", "plus1", ""],
    ["plus2", "plus2", ""],
    ["plus3", "plus3", ""],
    ["mean_dab_od", "meanDab", "OD"],
    ["mean_area_um2", "meanArea", "µm²"]
  ],
  counting: [
    ["count", "count", "", true],
    // µm² with a resolution, px² without: the view says which.
    ["mean_area", "meanBlobArea", "area"]
  ],
  fasciola: [
    ["count", "eggs", "", true],
    // Empty (–) when no sample weight was given.
    ["eggs_per_gram", "eggsPerGram", "/g"],
    ["sample_weight_g", "sampleWeight", "g"],
    ["mean_length_um", "meanLength", "µm"],
    ["mean_width_um", "meanWidth", "µm"],
    ["mean_area_um2", "meanEggArea", "µm²"],
    ["rejected", "rejected", ""],
    ["rejected_speck", "rejectedSpeck", ""],
    ["rejected_short", "rejectedShort", ""],
    ["rejected_long", "rejectedLong", ""],
    ["rejected_narrow", "rejectedNarrow", ""],
    ["rejected_wide", "rejectedWide", ""],
    ["rejected_irregular", "rejectedIrregular", ""]
  ],
  comet: [
    ["comets", "comets", "", true],
    ["mean_tail_dna_pct", "meanTailDna", "%"],
    ["median_tail_dna_pct", "medianTailDna", "%"],
    ["mean_tail_length", "meanTailLength", "length"],
    ["median_tail_length", "medianTailLength", "length"],
    // Tail moments are a length times a fraction: in the length's unit.
    ["mean_tail_moment", "meanTailMoment", "length"],
    ["median_tail_moment", "medianTailMoment", "length"],
    ["mean_olive_moment", "meanOliveMoment", "length"],
    ["median_olive_moment", "medianOliveMoment", "length"]
  ],
  stroke: [
    ["infarct_pct", "infarctPct", "%", true],
    ["corrected_infarct_pct", "correctedInfarctPct", "%"],
    ["infarct_area_mm2", "infarctArea", "mm²"],
    ["corrected_infarct_area_mm2", "correctedInfarctArea", "mm²"],
    ["ipsilateral_area_mm2", "ipsilateralArea", "mm²"],
    ["contralateral_area_mm2", "contralateralArea", "mm²"],
    ["swelling_pct", "swellingPct", "%"],
    // Empty (–) when no slice thickness was given.
    ["infarct_volume_mm3", "infarctVolume", "mm³"],
    ["infarcts", "infarcts", ""]
  ],
  imt: [
    ["imt_mean_mm", "imtMean", "mm", true],
    ["imt_max_mm", "imtMax", "mm"],
    ["imt_sd_mm", "imtSd", "mm"],
    ["columns", "columns", ""]
  ],
  // The stage first (what a dentist reads), then what it rests on; each tooth's rows follow (toothRows).
  periodontitis: [
    ["stage", "stage", "stage", true],
    ["grade", "grade", "grade"],
    ["worst_rbl_pct", "worstRbl", "%"],
    ["mean_rbl_pct", "meanRbl", "%"],
    ["teeth", "teeth", ""],
    ["age_years", "ageYears", ""],
    ["rbl_pct_per_year", "rblPerYear", ""]
  ]
}

/** Periodontitis' rows per tooth, as many as the summary's teeth. */
const toothRows = (summary: AnalysisSummary | null): Array<SummaryRow> =>
  Array.from({ length: summary?.teeth ?? 0 }, (_, i) => i + 1).flatMap((n) =>
    (
      [
        ["rbl_pct", "toothRbl", "%"],
        ["stage", "toothStage", "stage"],
        ["cej_crest_mm", "toothCejCrest", "mm"],
        ["root_mm", "toothRoot", "mm"]
      ] as const
    ).map(([part, key, unit]) => ({
      field: `tooth_${n}_${part}`,
      key,
      unit,
      value: summary?.[`tooth_${n}_${part}`] ?? null,
      lead: false,
      tooth: n
    }))
  )

/** A stage or grade as read (I, II, III/IV; A, B, C), null for other rows. */
export const categoryText = (row: Pick<SummaryRow, "unit" | "value">): string | null =>
  row.value === null
    ? null
    : row.unit === "stage"
      ? (["I", "II", "III/IV"][row.value - 1] ?? null)
      : row.unit === "grade"
        ? (["A", "B", "C"][row.value - 1] ?? null)
        : null

/** The slide's units for "area" and "length" rows: by its resolution. */
export interface SlideUnits {
  readonly area: string
  readonly length: string
}

export const unitText = (unit: SummaryRow["unit"], units: SlideUnits): string =>
  unit === "area" ? units.area : unit === "length" ? units.length : unit === "stage" || unit === "grade" ? "" : unit

export const summaryRows = (analysis: AnalysisKind, summary: AnalysisSummary | null): ReadonlyArray<SummaryRow> => [
  ...FIELDS[analysis].map(([field, key, unit, lead]) => ({ field, key, unit, value: summary?.[field] ?? null, lead: lead === true })),
  ...(analysis === "periodontitis" ? toothRows(summary) : [])
]

const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

/**
 * The summary as CSV: one row per figure (name, value, unit), after lines that say what was run on
 * which slide and when. Numbers are written plainly (a dot for decimals) so a spreadsheet reads them in
 * any locale; the names are the user's language.
 */
export const summaryCsv = (input: {
  readonly slide: string
  readonly analysis: string
  readonly region: string
  readonly exportedAt: string
  /** A stage or grade goes as read (III/IV, B). */
  readonly rows: ReadonlyArray<{ readonly name: string; readonly value: number | string | null; readonly unit: string }>
  readonly headers: { readonly figure: string; readonly value: string; readonly unit: string }
}): string => {
  const lines = [
    ["slide", input.slide],
    ["analysis", input.analysis],
    ["region", input.region],
    ["exported", input.exportedAt],
    [],
    [input.headers.figure, input.headers.value, input.headers.unit],
    ...input.rows.map((r) => [r.name, r.value === null ? "" : String(r.value), r.unit])
  ]
  return `${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`
}
