// A lab's metadata (keyword and value pairs, e.g. a patient identifier): listed for everyone who sees
// the lab; added, edited and removed inline by owners and admins. The public flag is not listed here:
// it is the Access switch.
import { useEffect, useRef, useState } from "react"
import { type MetadataEntry, PUBLIC_KEY } from "../../../contract/labs.ts"
import type { FieldNotices } from "../../../effects/Notice.ts"
import { useT } from "../../../i18n/index.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Button, PenIcon, PlusIcon, TextField, XIcon } from "../../ui/index.ts"
import * as css from "./inspector.css.ts"

export interface MetadataSectionProps {
  readonly entries: ReadonlyArray<MetadataEntry>
  readonly editable: boolean
  readonly saving: boolean
  readonly fields: FieldNotices
  /** Whether the last save failed (the form stays open). */
  readonly failed: boolean
  readonly onSave: (entry: { id?: string; name: string; value: string }) => void
  readonly onRemove: (id: string) => void
}

type Editing = { readonly id?: string; readonly name: string; readonly value: string } | null

export const MetadataSection = ({ entries, editable, saving, fields, failed, onSave, onRemove }: MetadataSectionProps) => {
  const t = useT()
  const shown = entries.filter((entry) => entry.name !== PUBLIC_KEY)
  const [editing, setEditing] = useState<Editing>(null)
  // A save that went through closes the form; a failed one keeps it with its messages.
  const wasSaving = useRef(false)
  useEffect(() => {
    if (wasSaving.current && !saving && !failed && Object.keys(fields).length === 0) setEditing(null)
    wasSaving.current = saving
  }, [saving, failed, fields])

  return (
    <section className={css.section} aria-labelledby="lab-metadata">
      <div className={css.sectionHead}>
        <h3 id="lab-metadata" className={css.sectionTitle}>
          {t("labs.info.metadata")}
        </h3>
        {editable && editing === null && (
          <Button variant="ghost" size="sm" iconStart={<PlusIcon size={14} />} onClick={() => setEditing({ name: "", value: "" })}>
            {t("labs.info.addEntry")}
          </Button>
        )}
      </div>
      {shown.length === 0 && editing === null && <p className={css.muted}>{t("labs.info.noMetadata")}</p>}
      {shown.length > 0 && (
        <ul className={css.entries}>
          {shown.map((entry) =>
            editing?.id === entry.id ? null : (
              <li key={entry.id} className={css.entry}>
                <span className={css.entryText}>
                  <span className={css.entryName}>{entry.name}</span>
                  <span className={css.entryValue}>{entry.value}</span>
                </span>
                {editable && editing === null && (
                  <>
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      aria-label={t("labs.info.edit", { name: entry.name })}
                      onClick={() => setEditing(entry)}
                    >
                      <PenIcon size={14} />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      aria-label={t("labs.info.remove", { name: entry.name })}
                      disabled={saving}
                      onClick={() => onRemove(entry.id)}
                    >
                      <XIcon size={14} />
                    </Button>
                  </>
                )}
              </li>
            )
          )}
        </ul>
      )}
      {editing !== null && (
        <EntryForm initial={editing} saving={saving} fields={fields} onSave={onSave} onCancel={() => setEditing(null)} />
      )}
    </section>
  )
}

const EntryForm = ({
  initial,
  saving,
  fields,
  onSave,
  onCancel
}: {
  readonly initial: NonNullable<Editing>
  readonly saving: boolean
  readonly fields: FieldNotices
  readonly onSave: MetadataSectionProps["onSave"]
  readonly onCancel: () => void
}) => {
  const t = useT()
  const { field } = useNoticeText()
  const [name, setName] = useState(initial.name)
  const [value, setValue] = useState(initial.value)
  return (
    <form
      className={css.entryForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave(initial.id === undefined ? { name, value } : { id: initial.id, name, value })
      }}
    >
      <TextField
        label={t("labs.info.entryName")}
        placeholder={t("labs.info.entryNamePlaceholder")}
        value={name}
        autoFocus
        error={field(fields, "name")}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label={t("labs.info.entryValue")}
        placeholder={t("labs.info.entryValuePlaceholder")}
        value={value}
        error={field(fields, "value")}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className={css.entryButtons}>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {t("labs.info.save")}
        </Button>
      </div>
    </form>
  )
}
