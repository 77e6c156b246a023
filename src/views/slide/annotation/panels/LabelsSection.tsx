// The slide's labels: a colour swatch, the name and how many annotations carry it; choosing one makes
// it the label new shapes take; each can be hidden, renamed, recoloured and deleted (after a dialog
// that says how many annotations go with it). Labels the annotations name but the slide lacks
// ("uncategorized") are listed too, in italics, and can only be hidden. Fill on/off below.
import { useSelector } from "@xstate/react"
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react"
import { LABEL_DEFAULT_COLOR } from "../../../../contract/annotations.ts"
import { nextLabelColor } from "../../../../annotation/palette.ts"
import { useT } from "../../../../i18n/index.ts"
import { visuallyHidden } from "../../../theme/utilities.css.ts"
import { Button, CheckIcon, Dialog, EyeIcon, EyeOffIcon, MessageIcon, PenIcon, PlusIcon, TrashIcon, XIcon } from "../../../ui/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import * as css from "./panels.css.ts"
import { deletionOf, type LabelRow } from "./records.ts"

export interface LabelsSectionProps {
  readonly view: AnnotationsView
  readonly rows: ReadonlyArray<LabelRow>
  /** The label new shapes take now: the chosen one, else the first. */
  readonly activeId: string | null
  readonly canEdit: boolean
  /** Renaming, recolouring and deleting a label changes everyone's annotations: owner and admin only (the server's rule). */
  readonly canManage: boolean
  readonly fill: boolean
  readonly onFill: (on: boolean) => void
  /** The signed-in user's id ("You" in the deletion dialog). */
  readonly me?: string | null
}

const white = "#FFFFFF"

export const LabelsSection = ({ view, rows, activeId, canEdit, canManage, fill, onFill, me = null }: LabelsSectionProps) => {
  const t = useT()
  const flow = view.labels
  const hidden = useSelector(flow, (s) => s.context.hidden)
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  const deleting = useSelector(flow, (s) => (s.matches("confirming") || s.matches("deleting") ? s.context.deleting : null))
  const [creating, setCreating] = useState(false)
  const [name, setName] = useState("")
  const [color, setColor] = useState<string>(LABEL_DEFAULT_COLOR)
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null)
  const goingAuthors = deleting === null ? [] : deletionOf(view.store.all(), deleting.id).authors

  const create = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === "") return
    flow.send({ type: "label.create", name, color })
    setName("")
    setColor(LABEL_DEFAULT_COLOR)
    setCreating(false)
  }
  const rename = () => {
    if (renaming !== null && renaming.name.trim() !== "") flow.send({ type: "label.update", id: renaming.id, name: renaming.name })
    setRenaming(null)
  }
  const renameKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault()
      rename()
    } else if (event.key === "Escape") {
      event.preventDefault()
      setRenaming(null)
    }
  }

  return (
    <section className={css.section} aria-labelledby="annotation-labels-title" data-testid="labels-panel">
      <div className={css.sectionHead}>
        <h2 id="annotation-labels-title" className={css.heading}>
          {t("viewer.annotationPanel.labels")}
        </h2>
        {canEdit && (
          <button
            type="button"
            className={css.iconButton}
            aria-label={t("viewer.annotationPanel.newLabel")}
            title={t("viewer.annotationPanel.newLabel")}
            aria-expanded={creating}
            onClick={() => {
              // A new label takes a colour no label of the slide has yet.
              if (!creating) setColor(nextLabelColor(rows.map((r) => r.color)))
              setCreating((open) => !open)
            }}
          >
            {creating ? <XIcon size={15} /> : <PlusIcon size={16} />}
          </button>
        )}
      </div>

      {creating && (
        <form className={css.form} onSubmit={create} data-testid="label-create">
          <input
            className={css.colorInput}
            type="color"
            aria-label={t("viewer.annotationPanel.labelColor")}
            value={color === "" ? white : color}
            onChange={(event) => setColor(event.target.value.toUpperCase())}
          />
          <input
            className={css.input}
            // biome-ignore lint/a11y/noAutofocus: the user has just asked for a new label; its name is the next thing to type
            autoFocus
            aria-label={t("viewer.annotationPanel.labelName")}
            placeholder={t("viewer.annotationPanel.labelName")}
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className={css.primaryButton} disabled={name.trim() === "" || busy}>
            {t("viewer.annotationPanel.create")}
          </button>
        </form>
      )}

      {rows.length === 0 ? (
        <p className={css.hint}>{t("viewer.annotationPanel.noLabels")}</p>
      ) : (
        <ul className={css.labelList}>
          {rows.map((row) => {
            const shown = !hidden.includes(row.id)
            const active = row.id === activeId
            const displayName =
              row.virtual && row.name.toLowerCase() === "uncategorized" ? t("viewer.annotationPanel.uncategorized") : row.name
            return (
              <li key={row.id} className={css.labelRow} data-active={active} data-testid="label-row" data-label={row.name}>
                <button
                  type="button"
                  className={css.iconButton}
                  aria-label={t(shown ? "viewer.annotationPanel.hide" : "viewer.annotationPanel.show", { name: displayName })}
                  title={t(shown ? "viewer.annotationPanel.hide" : "viewer.annotationPanel.show", { name: displayName })}
                  onClick={() => flow.send({ type: "label.visibility", id: row.id, visible: !shown })}
                >
                  {shown ? <EyeIcon size={15} /> : <EyeOffIcon size={15} />}
                </button>
                {renaming?.id === row.id ? (
                  <input
                    className={css.input}
                    // biome-ignore lint/a11y/noAutofocus: rename was just asked for; the new name is typed here
                    autoFocus
                    aria-label={t("viewer.annotationPanel.labelName")}
                    maxLength={100}
                    value={renaming.name}
                    onChange={(event) => setRenaming({ id: row.id, name: event.target.value })}
                    onKeyDown={renameKeys}
                    onBlur={rename}
                  />
                ) : (
                  <button
                    type="button"
                    className={css.labelMain}
                    data-hidden={!shown}
                    aria-pressed={active}
                    disabled={row.virtual || !canEdit}
                    title={row.virtual ? t("viewer.annotationPanel.virtual") : t("viewer.annotationPanel.activeHint")}
                    onClick={() => flow.send({ type: "label.activate", id: row.id })}
                  >
                    <span className={css.swatch} style={{ background: row.color || white }} />
                    <span className={`${css.labelName} ${row.virtual ? css.virtualName : ""}`}>{displayName}</span>
                    {/* A tick, not the word: the word left the active label's name four letters of room. */}
                    {active && (
                      <span className={css.activeDot}>
                        <CheckIcon size={14} />
                        <span className={visuallyHidden}>{t("viewer.annotationPanel.active")}</span>
                      </span>
                    )}
                    {row.comments > 0 && (
                      <span
                        className={css.count}
                        data-testid="label-comments"
                        title={t("viewer.annotationPanel.labelComments", { count: row.comments })}
                      >
                        <MessageIcon size={12} /> {row.comments.toLocaleString()}
                      </span>
                    )}
                    <span className={css.count} data-testid="label-count">
                      {row.count.toLocaleString()}
                    </span>
                  </button>
                )}
                {canManage && !row.virtual && renaming?.id !== row.id && (
                  <>
                    <ColorPick
                      label={t("viewer.annotationPanel.recolour", { name: row.name })}
                      color={row.color || white}
                      disabled={busy}
                      onPick={(next) => {
                        if (next !== row.color.toUpperCase()) flow.send({ type: "label.update", id: row.id, color: next })
                      }}
                    />
                    <button
                      type="button"
                      className={css.iconButton}
                      aria-label={t("viewer.annotationPanel.rename", { name: row.name })}
                      title={t("viewer.annotationPanel.rename", { name: row.name })}
                      disabled={busy}
                      onClick={() => setRenaming({ id: row.id, name: row.name })}
                    >
                      <PenIcon size={14} />
                    </button>
                    <button
                      type="button"
                      className={css.iconButton}
                      aria-label={t("viewer.annotationPanel.remove", { name: row.name })}
                      title={t("viewer.annotationPanel.remove", { name: row.name })}
                      disabled={busy}
                      // The count the server deletes: every shape with the label, comments too.
                      onClick={() => flow.send({ type: "label.delete", id: row.id, count: deletionOf(view.store.all(), row.id).count })}
                    >
                      <TrashIcon size={14} />
                    </button>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}

      <div className={css.toggleRow}>
        <label className={css.checkbox}>
          <input type="checkbox" checked={fill} onChange={(event) => onFill(event.target.checked)} />
          {t("viewer.annotationPanel.fill")}
        </label>
      </div>

      <Dialog
        open={deleting !== null}
        onClose={() => flow.send({ type: "label.cancel" })}
        dismissible={!busy}
        title={t("viewer.annotationPanel.deleteTitle", { name: deleting?.name ?? "" })}
        description={
          deleting !== null && deleting.count > 0
            ? t("viewer.annotationPanel.deleteBody", { count: deleting.count })
            : t("viewer.annotationPanel.deleteBodyNone")
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => flow.send({ type: "label.cancel" })} disabled={busy}>
              {t("viewer.annotationPanel.cancel")}
            </Button>
            <Button variant="danger" onClick={() => flow.send({ type: "label.confirm" })} disabled={busy}>
              {t("viewer.annotationPanel.deleteConfirm")}
            </Button>
          </>
        }
      >
        {/* Whose work goes: a label is shared, and its shapes may be colleagues'. */}
        {goingAuthors.length > 0 && (
          <ul data-testid="label-delete-authors" style={{ margin: 0, paddingLeft: 18, fontSize: 13, lineHeight: 1.5 }}>
            {goingAuthors.map((author) => (
              <li key={author.id}>
                {t("viewer.annotationPanel.deleteAuthor", {
                  name: author.id === me ? t("viewer.annotationPanel.you") : author.name,
                  count: author.count
                })}
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </section>
  )
}

/** A colour input that reports once the native picker closes (its `change`), not every drag step (`input`). */
const ColorPick = ({
  label,
  color,
  disabled,
  onPick
}: {
  readonly label: string
  readonly color: string
  readonly disabled: boolean
  readonly onPick: (color: string) => void
}) => {
  const ref = useRef<HTMLInputElement>(null)
  const pick = useRef(onPick)
  pick.current = onPick
  useEffect(() => {
    const input = ref.current
    if (input === null) return
    input.value = color.toLowerCase()
    const changed = () => pick.current(input.value.toUpperCase())
    input.addEventListener("change", changed)
    return () => input.removeEventListener("change", changed)
  }, [color])
  return (
    <input
      ref={ref}
      className={css.colorInput}
      type="color"
      aria-label={label}
      title={label}
      disabled={disabled}
      defaultValue={color.toLowerCase()}
    />
  )
}
