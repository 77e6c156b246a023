// The right panel of the viewer: the slide's particulars (size, resolution, the objective it was
// scanned at, file size, owner, dates) and the place where its annotations will be listed.
import type { LabDetail } from "../../contract/labs.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { formatMoment, formatSize } from "../labs/formatting.ts"
import { PenIcon } from "../ui/index.ts"
import { magnificationLabel, magnificationOf } from "./magnification.ts"
import { slideFacts } from "./slide-facts.ts"
import * as css from "./SlideDetailsPanel.css.ts"

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
      <section className={css.section} aria-labelledby="slide-annotations-title">
        <h2 id="slide-annotations-title" className={css.heading}>
          {t("viewer.panel.annotations")}
        </h2>
        <div className={css.empty}>
          <span className={css.emptyIcon}>
            <PenIcon size={18} />
          </span>
          <p className={css.emptyText}>{t("viewer.panel.annotationsEmpty")}</p>
          <span className={css.soon}>{t("viewer.panel.annotationsSoon")}</span>
        </div>
      </section>
    </div>
  )
}
