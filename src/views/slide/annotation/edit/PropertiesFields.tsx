// The selected annotation's own name (one line), description (several) and lock (QuPath's name,
// description and isLocked), under its label in the side panel. Each change is an edit of the
// annotation like a relabel (useEdits.setProps: one undo step, saved with the version it started
// from, heard live on other screens). Who may not change the shape reads them; a draft not yet on
// the server has none. A locked shape keeps its place and outline and cannot be deleted; its name,
// description and label can still change, as in QuPath.
import type { KeyboardEvent } from "react"
import { ANNOTATION_LIMITS } from "../../../../contract/annotations.ts"
import { isLocked } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { useT } from "../../../../i18n/index.ts"
import { LockIcon } from "../../../ui/index.ts"
import { isDraft } from "../../../../annotation/store/draft-shape.ts"
import * as css from "./properties.css.ts"
import type { EditsView } from "./useEdits.ts"
import { useDraftText } from "./useDraftText.ts"

export interface PropertiesFieldsProps {
  readonly shape: Shape
  readonly edits: EditsView
  /** The shape as the store holds it now (a change heard meanwhile raised its version). */
  readonly current: (id: string) => Shape | undefined
}

const enter = (event: KeyboardEvent) => event.key === "Enter" && !event.shiftKey
const ctrlEnter = (event: KeyboardEvent) => event.key === "Enter" && (event.ctrlKey || event.metaKey)

export const PropertiesFields = ({ shape, edits, current }: PropertiesFieldsProps) => {
  const t = useT()
  const locked = isLocked(shape)
  const save = (patch: { name?: string; description?: string; locked?: boolean }) => edits.setProps(current(shape.id) ?? shape, patch)
  const name = useDraftText(shape.props?.name ?? "", (text) => save({ name: text }), enter)
  const description = useDraftText(shape.props?.description ?? "", (text) => save({ description: text }), ctrlEnter)
  const editable = edits.mayEdit(shape)
  const note = locked && (
    <p className={css.lockedNote} data-testid="annotation-locked-note">
      <LockIcon size={13} style={{ flex: "none", marginTop: 2 }} />
      {t(editable ? "viewer.props.lockedNote" : "viewer.props.lockedNoteRead")}
    </p>
  )
  if (isDraft(shape)) return null
  if (!editable) {
    const { name: title, description: text } = shape.props ?? {}
    if (!title && !text && !locked) return null
    return (
      <div className={css.fields}>
        {title && (
          <p className={css.readName} data-testid="annotation-name-text">
            {title}
          </p>
        )}
        {text && (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a long description scrolls, and the keyboard must be able to scroll it
          <p className={css.readDescription} tabIndex={0}>
            {text}
          </p>
        )}
        {note}
      </div>
    )
  }
  const nameId = `annotation-name-${shape.id}`
  const descriptionId = `annotation-description-${shape.id}`
  return (
    <div className={css.fields}>
      <div className={css.row}>
        <label htmlFor={nameId} className={css.fieldLabel}>
          {t("viewer.props.name")}
        </label>
        <input
          id={nameId}
          className={css.name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={ANNOTATION_LIMITS.annotationName}
          placeholder={t("viewer.props.namePlaceholder")}
          title={t("viewer.props.saveHint")}
          {...name}
        />
        <button
          type="button"
          className={css.lock}
          aria-pressed={locked}
          title={t(locked ? "viewer.props.unlockHint" : "viewer.props.lockHint")}
          onClick={() => save({ locked: !locked })}
        >
          <LockIcon size={13} />
          {t("viewer.props.lock")}
        </button>
      </div>
      <label htmlFor={descriptionId} className={css.fieldLabel}>
        {t("viewer.props.description")}
      </label>
      <textarea
        id={descriptionId}
        className={css.description}
        rows={2}
        maxLength={ANNOTATION_LIMITS.annotationDescription}
        placeholder={t("viewer.props.descriptionPlaceholder")}
        title={t("viewer.props.saveHint")}
        {...description}
      />
      {note}
    </div>
  )
}
