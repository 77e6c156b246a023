// The chosen annotation's comment, whole, under the selected annotation's section: the list's row
// shows a comment on one line, cut short when long, and a pin on the slide shows no text at all.
import { useT } from "../../../../i18n/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import * as css from "./panels.css.ts"
import { commentOf } from "./records.ts"

export const SelectedComment = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  const comment = view.selected === null ? null : commentOf(view.selected)
  if (comment === null) return null
  return (
    <section className={css.section} aria-labelledby="annotation-comment-title" data-testid="selected-comment">
      <div className={css.sectionHead}>
        <h2 id="annotation-comment-title" className={css.heading}>
          {t("viewer.annotationPanel.comment")}
        </h2>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long comment scrolls, and the keyboard must be able to scroll it */}
      <p className={css.commentText} tabIndex={0}>
        {comment}
      </p>
    </section>
  )
}
