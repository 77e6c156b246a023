// The import preview: what the chosen file will do, before anything is stored (import.machine.ts).
// Shapes per class (and which labels are new), how many update shapes of an earlier import of the
// same file and how many are new, shapes outside the image, every skipped or changed item with its
// reason, and for each class whose colour here differs from the file's, the choice of ours or the
// file's. Import, Import as copies (every shape new), Cancel.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { ImportPreview, PreviewNote } from "../../../../annotation/interchange/import-preview.ts"
import { type Translate, useT } from "../../../../i18n/index.ts"
import type { importMachine } from "../../../../machines/annotation/import.machine.ts"
import { AlertTriangleIcon, Button, Dialog, Spinner } from "../../../ui/index.ts"
import * as css from "./import.css.ts"

type ImportActor = ActorRefFrom<typeof importMachine>

const itemList = (indexes: ReadonlyArray<number>) => {
  const shown = indexes.slice(0, 8).map((i) => String(i + 1))
  return indexes.length > 8 ? `${shown.join(", ")}, …` : shown.join(", ")
}

const reasonText = (t: Translate, note: PreviewNote) => {
  const { code, ...params } = note.reason
  return t(`annotationImport.reasons.${code}`, params as Record<string, string | number>)
}

const Notes = ({ title, notes, testId }: { title: string; notes: ReadonlyArray<PreviewNote>; testId: string }) => {
  const t = useT()
  if (notes.length === 0) return null
  return (
    <section className={css.section} data-testid={testId}>
      <h3 className={css.heading}>{title}</h3>
      <ul className={css.notes}>
        {notes.map((note) => (
          <li key={`${note.index}-${note.reason.code}`} className={css.note}>
            <span className={css.noteItem}>{t("annotationImport.item", { n: note.index + 1 })}</span>
            <span>{reasonText(t, note)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

const Report = ({ preview, actor }: { preview: ImportPreview; actor: ImportActor }) => {
  const t = useT()
  const takes = useSelector(actor, (s) => s.context.takeColours)
  const shapes = preview.shapes.length
  return (
    <>
      <p className={css.summary} data-testid="import-summary">
        {t("annotationImport.summary", { shapes, items: preview.items, format: t(`annotationImport.formats.${preview.format}`) })}
      </p>
      {shapes > 0 && (
        <div className={css.tally}>
          <span className={css.chip} data-testid="import-updates">
            {t("annotationImport.willUpdate", { count: preview.updates })}
          </span>
          <span className={css.chip} data-testid="import-creates">
            {t("annotationImport.willCreate", { count: preview.creates })}
          </span>
        </div>
      )}
      {preview.outside.length > 0 && (
        <div className={css.warning} role="note" data-testid="import-outside">
          <AlertTriangleIcon size={16} className={css.warningIcon} />
          <div>
            <strong>{t("annotationImport.outside", { count: preview.outside.length })}</strong>
            <div>
              {t("annotationImport.outsideHint", {
                items: t("annotationImport.items", { count: preview.outside.length, list: itemList(preview.outside) })
              })}
            </div>
          </div>
        </div>
      )}
      {preview.classes.length > 0 && (
        <section className={css.section}>
          <h3 className={css.heading}>{t("annotationImport.classes")}</h3>
          <table className={css.table} data-testid="import-classes">
            <thead>
              <tr>
                <th className={css.th}>{t("annotationImport.class")}</th>
                <th className={css.thNumber}>{t("annotationImport.shapes")}</th>
              </tr>
            </thead>
            <tbody>
              {preview.classes.map((c) => (
                <tr key={c.name} data-testid="import-class">
                  <td className={css.td}>
                    <span className={css.className}>
                      <span className={css.swatch} style={{ background: c.color }} aria-hidden="true" />
                      <span>{c.name}</span>
                      {c.labelId === null && <span className={css.badge}>{t("annotationImport.newLabel")}</span>}
                    </span>
                  </td>
                  <td className={css.tdNumber}>{c.count.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {preview.colours.length > 0 && (
        <section className={css.section} data-testid="import-colours">
          <h3 className={css.heading}>{t("annotationImport.colours")}</h3>
          {preview.colours.map((c) => {
            const take = takes.includes(c.labelId)
            const choose = (choice: "ours" | "file") => actor.send({ type: "import.colour", labelId: c.labelId, take: choice })
            return (
              <div key={c.labelId} className={css.colourRow} data-testid="import-colour">
                <span className={css.colourWhat}>
                  <strong>{c.name}</strong>
                  <span className={css.colourNote}>{t("annotationImport.colourDiffers")}</span>
                </span>
                <fieldset className={css.segmented} aria-label={c.name}>
                  <button type="button" className={css.segment} aria-pressed={!take} onClick={() => choose("ours")}>
                    <span className={css.swatch} style={{ background: c.ours }} aria-hidden="true" />
                    {t("annotationImport.keepOurs")}
                  </button>
                  <button type="button" className={css.segment} aria-pressed={take} onClick={() => choose("file")}>
                    <span className={css.swatch} style={{ background: c.file }} aria-hidden="true" />
                    {t("annotationImport.takeFile")}
                  </button>
                </fieldset>
              </div>
            )
          })}
        </section>
      )}
      <Notes title={t("annotationImport.skipped", { count: preview.skipped.length })} notes={preview.skipped} testId="import-skipped" />
      <Notes title={t("annotationImport.changed", { count: preview.changed.length })} notes={preview.changed} testId="import-changed" />
      {shapes === 0 ? (
        <p className={css.hint}>{t("annotationImport.nothing")}</p>
      ) : (
        preview.updates > 0 && <p className={css.hint}>{t("annotationImport.copiesHint", { count: preview.updates })}</p>
      )}
    </>
  )
}

export const ImportDialog = ({ actor }: { actor: ImportActor }) => {
  const t = useT()
  const state = useSelector(actor, (s) =>
    s.matches("reading") ? "reading" : s.matches("previewing") ? "previewing" : s.matches("importing") ? "importing" : "closed"
  )
  const preview = useSelector(actor, (s) => s.context.preview)
  const copies = useSelector(actor, (s) => s.context.copies)
  const open = state !== "closed"
  const busy = state !== "previewing"
  const storable = (preview?.shapes.length ?? 0) > 0
  const cancel = () => {
    if (state !== "importing") actor.send({ type: "import.cancel" })
  }
  return (
    <Dialog
      open={open}
      onClose={cancel}
      title={t("annotationImport.title")}
      width={560}
      dismissible={state !== "importing"}
      footer={
        <div className={css.footer}>
          <Button variant="ghost" onClick={cancel} disabled={state === "importing"}>
            {t("annotationImport.cancel")}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: "import.confirm", copies: true })} disabled={busy || !storable}>
            {state === "importing" && copies ? t("annotationImport.importing") : t("annotationImport.importCopies")}
          </Button>
          <Button onClick={() => actor.send({ type: "import.confirm", copies: false })} disabled={busy || !storable}>
            {state === "importing" && !copies ? t("annotationImport.importing") : t("annotationImport.import")}
          </Button>
        </div>
      }
    >
      <div data-testid="import-preview">
        {state === "reading" || preview === null ? (
          <p className={css.reading}>
            <Spinner size={16} />
            {t("annotationImport.reading")}
          </p>
        ) : (
          <Report preview={preview} actor={actor} />
        )}
      </div>
    </Dialog>
  )
}
