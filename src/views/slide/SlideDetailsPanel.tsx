// The side panel's Details tab: the slide's particulars (size, resolution, the objective it was
// scanned at, file size, owner, dates), the original file's download, and a scanner's label and
// macro. Its annotations are the Annotations tab's.
import type { LabDetail, Scanner } from "../../contract/labs.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { AssociatedImagesSection } from "./AssociatedImagesSection.tsx"
import { OriginalDownloadSection } from "./OriginalDownloadSection.tsx"
import { formatMoment, formatSize } from "../labs/formatting.ts"
import { magnificationLabel, magnificationOf } from "./magnification.ts"
import { readableScanDate } from "./scan-date.ts"
import { slideFacts } from "./slide-facts.ts"
import * as css from "./SlideDetailsPanel.css.ts"

/** OpenSlide's vendor names as their makers write them. */
const VENDORS: Readonly<Record<string, string>> = {
  aperio: "Aperio (Leica)",
  hamamatsu: "Hamamatsu",
  leica: "Leica",
  mirax: "3DHistech (MIRAX)",
  philips: "Philips",
  sakura: "Sakura",
  trestle: "Trestle",
  ventana: "Ventana (Roche)"
}

/** What a scanner's own format says of the scan: the scanner, the objective, the date. */
const scannerRows = (scanner: Scanner | null, t: ReturnType<typeof useT>, locale: string): Array<readonly [string, string]> => {
  if (scanner === null) return []
  const vendor = VENDORS[scanner.vendor] ?? scanner.vendor
  const rows: Array<readonly [string, string]> = [[t("viewer.panel.scanner"), scanner.model ? `${vendor} · ${scanner.model}` : vendor]]
  if (scanner.objective !== null)
    rows.push([
      t("viewer.panel.objective"),
      t("viewer.panel.objectiveValue", { value: new Intl.NumberFormat(locale).format(scanner.objective) })
    ])
  if (scanner.scanned !== null) rows.push([t("viewer.panel.scanned"), readableScanDate(scanner.scanned, locale)])
  return rows
}

export const SlideDetailsPanel = ({ lab }: { readonly lab: LabDetail }) => {
  const t = useT()
  const { locale } = useLocale()
  const facts = slideFacts(lab, locale)
  // What a 1:1 view of the scan corresponds to: 0.25 µm/px is a 40x scan.
  const scannedAt =
    lab.mpp !== null && lab.mpp > 0 ? magnificationLabel(magnificationOf(1, lab.mpp), (n) => new Intl.NumberFormat(locale).format(n)) : null
  const rows: ReadonlyArray<readonly [string, string]> = [
    [t("viewer.panel.dimensions"), facts.size ?? "—"],
    [t("viewer.panel.resolution"), facts.resolution ?? t("viewer.panel.notRecorded")],
    [t("viewer.panel.scannedAt"), scannedAt ?? t("viewer.panel.notRecorded")],
    ...scannerRows(lab.scanner, t, locale),
    [t("viewer.panel.size"), formatSize(locale, lab)],
    [t("viewer.panel.owner"), lab.user.name || lab.user.email || "—"],
    [t("viewer.panel.created"), formatMoment(locale, lab.created_at)],
    [t("viewer.panel.modified"), formatMoment(locale, lab.updated_at)]
  ]
  return (
    <div className={css.root} data-testid="slide-details">
      <section className={css.section} aria-labelledby="slide-details-title">
        <h2 id="slide-details-title" className={css.heading}>
          {t("viewer.panel.title")}
        </h2>
        <dl className={css.list}>
          {rows.map(([term, value]) => (
            <div key={term} className={css.row}>
              <dt className={css.term}>{term}</dt>
              <dd className={css.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <OriginalDownloadSection lab={lab} />
      {lab.scanner !== null && lab.role !== null && <AssociatedImagesSection labId={lab.id} />}
    </div>
  )
}
