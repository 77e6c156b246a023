// Cell counts, as the manual Ki67 count is done: each label's points and their density per mm² in a
// region (the whole slide, or a closed annotation chosen in the list), and for a pair of labels
// (positive, negative) the index positive / (positive + negative), all live as points are clicked.
// "Export CSV" saves these figures and the measurements of every annotation in one file. The
// figures come from pure functions (src/annotation/counting.ts, counts-csv.ts); this only renders.
import { useMemo, useState } from "react"
import type { LabDetail } from "../../../../contract/labs.ts"
import { countsCsv } from "../../../../annotation/counts-csv.ts"
import { guessPair, type Region, ringOf, summarize } from "../../../../annotation/counting.ts"
import { geometryOf, type Shape } from "../../../../annotation/store/shape.ts"
import { useLocale, useT } from "../../../../i18n/index.ts"
import { ChevronDownIcon, ChevronRightIcon } from "../../../ui/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import * as counts from "./counts.css.ts"
import * as css from "./panels.css.ts"
import { countedLabels, fileNameOf, type LabelRow } from "./records.ts"

export interface CountsSectionProps {
  readonly view: AnnotationsView
  readonly lab: Pick<LabDetail, "id" | "name" | "width" | "height" | "mpp">
  readonly rows: ReadonlyArray<LabelRow>
  /** Moves with every change of the store. */
  readonly version: number
  readonly authors: ReadonlyMap<string, string>
}

const SLIDE = ""
const NONE = ""

const saveText = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const CountsSection = ({ view, lab, rows, version, authors }: CountsSectionProps) => {
  const t = useT()
  const { locale } = useLocale()
  const [open, setOpen] = useState(false)
  const [regionId, setRegionId] = useState(SLIDE)
  const [chosenPair, setPair] = useState<{ positive: string; negative: string } | null>(null)
  // The comments' label holds no cells: it is left out of the counts and the pair's choices.
  const commentLabel = t("viewer.annotations.commentLabel").toLowerCase()
  const labels = useMemo(() => countedLabels(rows, commentLabel), [rows, commentLabel])
  // Until the user picks one, the pair the label names suggest.
  const pair = chosenPair ?? guessPair(labels)
  const mpp = lab.mpp

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is read again whenever its version moves
  const shapes = useMemo(() => [...view.store.all()], [view.store, version])
  const closed = useMemo(() => shapes.filter((s) => ringOf(s) !== null), [shapes])
  const regionShape = closed.find((s) => s.id === regionId) ?? null
  const region: Region =
    regionShape !== null
      ? { kind: "shape", id: regionShape.id, ring: ringOf(regionShape)! }
      : { kind: "slide", width: lab.width ?? 0, height: lab.height ?? 0 }
  const summary = useMemo(() => summarize(shapes, labels, region, mpp, pair), [shapes, labels, region, mpp, pair])

  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n)
  const regionName = (shape: Shape) => {
    const n = closed.indexOf(shape) + 1
    return t("viewer.counts.regionShape", { label: shape.labelName, n: String(n) })
  }
  const nameOf = (id: string) => labels.find((l) => l.id === id)?.name ?? ""

  const exportCsv = () => {
    const text = countsCsv({
      summary,
      region: regionShape === null ? t("viewer.counts.wholeSlide") : regionName(regionShape),
      mpp,
      pair: pair === null ? null : { positive: nameOf(pair.positive), negative: nameOf(pair.negative) },
      shapes: shapes.map((s) => ({
        ...s,
        author: s.author === null ? "" : (authors.get(s.author.id) ?? s.author.name),
        geometry: geometryOf(s)
      }))
    })
    saveText(text, fileNameOf(lab.name, ".counts.csv"))
  }

  const setPairPart = (part: "positive" | "negative", id: string) => {
    const base = pair ?? { positive: NONE, negative: NONE }
    setPair({ ...base, [part]: id })
  }

  const indexText = summary.index === null ? "–" : `${number(summary.index, 1)} %`
  const pairCount =
    pair === null
      ? 0
      : (summary.rows.find((r) => r.labelId === pair.positive)?.count ?? 0) +
        (summary.rows.find((r) => r.labelId === pair.negative)?.count ?? 0)

  return (
    <section className={css.section} aria-labelledby="annotation-counts-title" data-testid="counts-panel" data-open={open}>
      <div className={css.sectionHead}>
        <h2 id="annotation-counts-title" className={css.heading}>
          <button type="button" className={counts.toggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
            {t("viewer.counts.title")}
          </button>
        </h2>
        <span className={counts.summary} data-testid="counts-summary">
          {t("viewer.counts.summary", { total: number(summary.total, 0) })}
          {pair !== null && summary.index !== null ? ` · ${indexText}` : ""}
        </span>
      </div>
      {open && (
        <div className={counts.body}>
          <label className={counts.field}>
            <span className={counts.fieldLabel}>{t("viewer.counts.region")}</span>
            <select className={css.select} value={regionShape?.id ?? SLIDE} onChange={(event) => setRegionId(event.target.value)}>
              <option value={SLIDE}>{t("viewer.counts.wholeSlide")}</option>
              {closed.map((shape) => (
                <option key={shape.id} value={shape.id}>
                  {regionName(shape)}
                </option>
              ))}
            </select>
          </label>
          <table className={counts.table} data-testid="counts-table">
            <thead>
              <tr>
                <th className={counts.th} scope="col">
                  {t("viewer.counts.label")}
                </th>
                <th className={counts.th} scope="col">
                  {t("viewer.counts.count")}
                </th>
                <th className={counts.th} scope="col">
                  {t("viewer.counts.perMm2")}
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.rows.map((row) => (
                <tr key={row.labelId} data-testid="counts-row" data-label={row.name}>
                  <td className={counts.td}>
                    <span className={counts.nameCell}>
                      <span className={css.swatch} style={{ background: labels.find((l) => l.id === row.labelId)?.color || "#FFFFFF" }} />
                      {row.name}
                    </span>
                  </td>
                  <td className={counts.td} data-testid="counts-count">
                    {number(row.count, 0)}
                  </td>
                  <td className={counts.td}>{row.perMm2 === null ? "–" : number(row.perMm2, 1)}</td>
                </tr>
              ))}
              <tr className={counts.total}>
                <td className={counts.td}>{t("viewer.counts.total")}</td>
                <td className={counts.td}>{number(summary.total, 0)}</td>
                <td className={counts.td}>
                  {summary.areaMm2 !== null && summary.areaMm2 > 0 ? number(summary.total / summary.areaMm2, 1) : "–"}
                </td>
              </tr>
            </tbody>
          </table>
          <p className={css.hint} style={{ marginTop: 6 }} data-testid="counts-area">
            {summary.areaMm2 === null
              ? t("viewer.counts.noResolution")
              : t("viewer.counts.area", { area: number(summary.areaMm2, summary.areaMm2 < 1 ? 4 : 2) })}
          </p>
          <div className={counts.pair}>
            {(["positive", "negative"] as const).map((part) => (
              <label key={part} className={counts.pairField}>
                <span className={counts.fieldLabel}>{t(`viewer.counts.${part}`)}</span>
                <select className={css.select} value={pair?.[part] ?? NONE} onChange={(event) => setPairPart(part, event.target.value)}>
                  <option value={NONE}>{t("viewer.counts.choose")}</option>
                  {labels.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className={counts.index} data-testid="counts-index">
            <span>
              <span className={counts.fieldLabel}>{t("viewer.counts.index")}</span>
              <br />
              <span className={counts.indexValue} data-testid="counts-index-value">
                {indexText}
              </span>
            </span>
            <span className={counts.indexMeta}>{t("viewer.counts.indexOf", { count: number(pairCount, 0) })}</span>
          </div>
          <div className={counts.actions}>
            <button type="button" className={css.textButton} onClick={exportCsv}>
              {t("viewer.counts.exportCsv")}
            </button>
          </div>
        </div>
      )}
    </section>
  )
}
