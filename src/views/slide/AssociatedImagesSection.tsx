// The Details tab's label and macro (associatedImages.machine.ts): the pictures a scanner took of the
// slide's paper label and of the whole glass, to whoever the server lets see them (owner and admins;
// reviewers once the owner shows them), with the owner's switch. Nothing shows when there is
// nothing the asker may see.
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import type { AssociatedName } from "../../contract/associated-images.ts"
import { useT } from "../../i18n/index.ts"
import { associatedImagesMachine } from "../../machines/slide/associatedImages.machine.ts"
import { Switch } from "../ui/index.ts"
import { useActorRef } from "../useActorRef.ts"
import * as css from "./SlideDetailsPanel.css.ts"

/** Object URLs for the loaded pictures, revoked when they change or the section goes. */
const usePictureUrls = (pictures: ReadonlyArray<{ readonly name: AssociatedName; readonly blob: Blob }>) => {
  const [urls, setUrls] = useState<ReadonlyArray<{ readonly name: AssociatedName; readonly url: string }>>([])
  useEffect(() => {
    const made = pictures.map(({ name, blob }) => ({ name, url: URL.createObjectURL(blob) }))
    setUrls(made)
    return () => {
      for (const { url } of made) URL.revokeObjectURL(url)
    }
  }, [pictures])
  return urls
}

const NO_PICTURES: ReadonlyArray<{ readonly name: AssociatedName; readonly blob: Blob }> = []

export const AssociatedImagesSection = ({ labId }: { readonly labId: string }) => {
  const t = useT()
  const flow = useActorRef(associatedImagesMachine, { input: { labId } })
  const view = useSelector(flow, (s) => s.context.view)
  const failed = useSelector(flow, (s) => s.matches("failed"))
  const saving = useSelector(flow, (s) => s.matches("saving"))
  const saveFailed = useSelector(flow, (s) => s.matches("ready") && s.context.error !== null)
  const urls = usePictureUrls(view?.pictures ?? NO_PICTURES)

  if (failed)
    return (
      <section className={css.section} data-testid="slide-associated" data-state="failed">
        <p className={css.term}>{t("associated.failed")}</p>
        <button type="button" className={css.retry} onClick={() => flow.send({ type: "associated.load" })}>
          {t("associated.retry")}
        </button>
      </section>
    )
  if (view === null || view.images.length === 0) return null
  return (
    <section className={css.section} aria-labelledby="slide-associated-title" data-testid="slide-associated" data-shown={view.shown}>
      <h2 id="slide-associated-title" className={css.heading}>
        {t("associated.title")}
      </h2>
      <div className={css.pictures}>
        {urls.map(({ name, url }) => (
          <figure key={name} className={css.figure} data-testid={`slide-associated-${name}`}>
            <img className={css.picture} src={url} alt={t(name === "label" ? "associated.labelAlt" : "associated.macroAlt")} />
            <figcaption className={css.term}>{t(name === "label" ? "associated.label" : "associated.macro")}</figcaption>
          </figure>
        ))}
      </div>
      <p className={css.term}>{t(view.shown ? "associated.shownNote" : "associated.privateNote")}</p>
      {view.can_show && (
        <div className={css.switchArea}>
          <Switch
            label={t("associated.show")}
            hint={t("associated.showHint")}
            checked={saving ? (flow.getSnapshot().context.pending ?? view.shown) : view.shown}
            busy={saving}
            disabled={saving}
            onChange={(shown) => flow.send({ type: "associated.show", shown })}
          />
        </div>
      )}
      {saveFailed && (
        <p className={css.term} role="alert">
          {t("associated.saveFailed")}
        </p>
      )}
    </section>
  )
}
