// The selected annotation in the side panel: its label (a list to change it, when the user may),
// its name, description and lock (PropertiesFields), its measurement, author and, when imported,
// who drew it and when; hide or show it on this screen, delete it, and how its handles work.
import { useMemo } from "react"
import { isLocked } from "../../../../annotation/props.ts"
import { useLocale, useT } from "../../../../i18n/index.ts"
import { EyeIcon, EyeOffIcon, TrashIcon } from "../../../ui/index.ts"
import * as css from "../panels/panels.css.ts"
import { type LabelRow, measureText } from "../panels/records.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import { partCount, splitChanges } from "./boolean-edits.ts"
import { DetectionFields } from "./DetectionFields.tsx"
import { PropertiesFields } from "./PropertiesFields.tsx"
import { provenanceOf } from "./provenance.ts"

export interface SelectedSectionProps {
  readonly view: AnnotationsView
  /** The slide's labels (virtual ones cannot be chosen). */
  readonly labels: ReadonlyArray<LabelRow>
  /** Microns per pixel, when the slide records them. */
  readonly mpp: number | null
  readonly me: string | null
}

export const SelectedSection = ({ view, labels, mpp, me }: SelectedSectionProps) => {
  const t = useT()
  const { locale } = useLocale()
  const format = useMemo(
    () =>
      (n: number, digits = 0) =>
        new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n),
    [locale]
  )
  const shape = view.selected
  if (shape === null) return null
  const measurement = measureText(shape, mpp, format, {
    area: t("viewer.annotationPanel.area"),
    perimeter: t("viewer.annotationPanel.perimeter"),
    length: t("viewer.annotationPanel.length"),
    points: (count) => t("viewer.annotationPanel.points", { count })
  })
  const editable = view.edits.mayEdit(shape)
  const locked = isLocked(shape)
  const from = provenanceOf(shape.props, locale)
  const shown = view.store.isVisible(shape)
  const parts = partCount(shape)
  const choices = labels.filter((row) => !row.virtual || row.id === shape.labelId)
  const author =
    shape.author === null
      ? t("viewer.annotationPanel.unsaved")
      : shape.author.id === me
        ? t("viewer.annotationPanel.you")
        : shape.author.name
  return (
    <section
      className={css.section}
      aria-labelledby="annotation-selected-title"
      data-testid="selected-annotation"
      data-id={shape.id}
      data-version={shape.version}
      data-locked={locked}
    >
      <div className={css.sectionHead}>
        <h2 id="annotation-selected-title" className={css.heading}>
          {t("viewer.edit.title")}
        </h2>
        <span className={css.count}>{t(`viewer.annotationPanel.kinds.${shape.kind}`)}</span>
      </div>
      <div className={css.form} style={{ marginTop: 0 }}>
        <span className={css.swatch} style={{ background: shape.color }} />
        {editable ? (
          <select
            className={css.select}
            aria-label={t("viewer.edit.labelOf")}
            value={shape.labelId}
            onChange={(event) => {
              const label = choices.find((row) => row.id === event.target.value)
              if (label) view.edits.relabel(shape, label)
            }}
          >
            {choices.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        ) : (
          <span className={css.labelName}>{shape.labelName}</span>
        )}
        <button
          type="button"
          className={css.iconButton}
          aria-label={t(shown ? "viewer.annotationPanel.hideAnnotation" : "viewer.annotationPanel.showAnnotation")}
          title={t(shown ? "viewer.annotationPanel.hideAnnotation" : "viewer.annotationPanel.showAnnotation")}
          onClick={() => view.toggleVisible(shape)}
        >
          {shown ? <EyeIcon size={15} /> : <EyeOffIcon size={15} />}
        </button>
        {editable && (
          // Locked: still there, so that a press says why it does not delete (edits.remove tells).
          <button
            type="button"
            className={css.iconButton}
            aria-label={t("viewer.collab.delete")}
            title={t(locked ? "viewer.props.deleteLocked" : "viewer.collab.delete")}
            style={locked ? { opacity: 0.45 } : undefined}
            onClick={() => view.edits.remove(shape)}
          >
            <TrashIcon size={15} />
          </button>
        )}
      </div>
      {shape.detection ? (
        <DetectionFields key={shape.id} labId={view.labId} shape={shape} />
      ) : (
        <PropertiesFields key={shape.id} shape={shape} edits={view.edits} current={(id) => view.store.get(id)} />
      )}
      {editable && !locked && parts > 1 && (
        <div className={css.form}>
          <button
            type="button"
            className={css.textButton}
            title={t("viewer.shapes.splitHint")}
            onClick={() => view.edits.group(splitChanges(shape, () => crypto.randomUUID()))}
          >
            {t("viewer.shapes.split", { count: parts })}
          </button>
        </div>
      )}
      <p className={css.hint} style={{ marginTop: 6 }} data-testid="selected-measure">
        {measurement.full}
      </p>
      <p className={css.hint}>{t("viewer.edit.by", { name: author })}</p>
      {from !== null && (
        <p className={css.hint} data-testid="annotation-provenance">
          {from.by !== null && from.on !== null
            ? t("viewer.props.importedByOn", { name: from.by, date: from.on })
            : from.by !== null
              ? t("viewer.props.importedBy", { name: from.by })
              : t("viewer.props.importedOn", { date: from.on ?? "" })}
        </p>
      )}
      {/* A detection's own note says why no one changes it. */}
      {!(editable && locked) && !shape.detection && (
        <p className={css.hint} style={{ marginTop: 4 }}>
          {editable
            ? t(shape.kind === "area" ? "viewer.edit.regionHint" : "viewer.edit.hint")
            : t("viewer.edit.readOnly", { name: author })}
        </p>
      )}
    </section>
  )
}
