// Beside the zoom indicator: how many annotations the slide has (or that they are loading, or could
// not be loaded, with a retry), saving and failure notes, the comment box of the comment tool and
// the wand's tolerance slider while the wand is the tool.
import { useT } from "../../../i18n/index.ts"
import { visuallyHidden } from "../../theme/utilities.css.ts"
import * as css from "./AnnotationStatus.css.ts"
import type { AnnotationsView } from "./useAnnotations.ts"
import { WandOptions } from "./WandOptions.tsx"

export const AnnotationStatus = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  return (
    <>
      <span className={css.chip} data-testid="annotation-count" data-phase={view.phase}>
        {view.phase === "loading"
          ? t("viewer.annotations.loading")
          : view.phase === "failed"
            ? t("viewer.annotations.loadFailed")
            : t("viewer.annotations.count", { count: view.count })}
        {view.phase === "failed" && (
          <button type="button" className={css.link} onClick={view.retry}>
            {t("viewer.annotations.retry")}
          </button>
        )}
        {view.saving && <span className={css.muted}> · {t("viewer.annotations.saving")}</span>}
      </span>
      {/* The ruler's length is drawn on the canvas; this says it to a screen reader as it changes. */}
      <span className={visuallyHidden} role="status" data-testid="ruler-reading">
        {view.measured === null ? "" : t("viewer.annotations.measured", { length: view.measured })}
      </span>
      {view.saveFailed && (
        <span className={css.error} role="alert">
          {t("viewer.annotations.saveFailed")}
        </span>
      )}
      {view.tool === "wand" && <WandOptions tolerance={view.tolerance} onChange={view.setTolerance} />}
      {view.composing && (
        <input
          className={css.comment}
          // biome-ignore lint/a11y/noAutofocus: the comment tool has just placed its point; typing is the next step
          autoFocus
          data-annotation-comment="true"
          aria-label={t("viewer.tools.comment")}
          placeholder={t("viewer.annotations.commentPlaceholder")}
          value={view.comment}
          onChange={(event) => view.setComment(event.target.value)}
        />
      )}
    </>
  )
}
