// Beside the annotation count: the unsaved drafts ("2 unsaved", with what happens to them).
import { useT } from "../../../../i18n/index.ts"
import * as css from "./collab.css.ts"
import type { CollabView } from "./useCollab.ts"

export const CollabBar = ({ view }: { readonly view: CollabView }) => {
  const t = useT()
  return (
    <>
      {view.unsaved > 0 && (
        <span className={css.unsaved} data-testid="unsaved-count" data-phase={view.drafts} title={t("viewer.collab.unsavedHint")}>
          {t("viewer.collab.unsaved", { count: view.unsaved })}
          {view.drafts === "syncing" && <span> · {t("viewer.collab.syncing")}</span>}
          {view.drafts === "refused" && (
            <>
              <span role="alert"> · {t("viewer.collab.refused")}</span>
              <button type="button" className={css.action} onClick={view.retryDrafts}>
                {t("viewer.collab.retry")}
              </button>
              <button type="button" className={css.action} onClick={view.discardDrafts}>
                {t("viewer.collab.discard")}
              </button>
            </>
          )}
        </span>
      )}
    </>
  )
}
