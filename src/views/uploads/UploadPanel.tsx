// The upload progress panel, collapsible and docked bottom-right for the whole signed-in session, so
// moving between pages never hides an upload. Its heading says how far all files are; it collapses to
// the heading and a thin bar, and closes once every upload has finished.
import { useSelector } from "@xstate/react"
import { useT } from "../../i18n/index.ts"
import type { UploadsActor } from "../../machines/uploads/uploads.machine.ts"
import { Button, ChevronDownIcon, cx, XIcon } from "../ui/index.ts"
import { type PanelSummary, summaryOf } from "./upload-view.ts"
import * as css from "./UploadPanel.css.ts"
import { UploadRow } from "./UploadRow.tsx"
import { useUploadViews } from "./useUploadViews.ts"

const useHeading = () => {
  const t = useT()
  return (summary: PanelSummary): string => {
    switch (summary.kind) {
      case "uploading":
        return t("uploads.panel.uploading", { count: summary.count, percent: summary.percent })
      case "waiting":
        return t("uploads.panel.waiting", { percent: summary.percent })
      case "processing":
        return t("uploads.panel.processing", { count: summary.count })
      case "complete": {
        const failed = summary.count - summary.done
        if (failed === 0) return t("uploads.panel.complete", { count: summary.count })
        if (summary.done > 0) return t("uploads.panel.completeWithFailures", { done: summary.done, failed })
        return t("uploads.panel.failed", { count: failed })
      }
    }
  }
}

export const UploadPanel = ({ actor }: { readonly actor: UploadsActor }) => {
  const t = useT()
  const heading = useHeading()
  const shown = useSelector(actor, (snapshot) => snapshot.matches({ panel: "shown" }))
  const expanded = useSelector(actor, (snapshot) => snapshot.hasTag("expanded"))
  const entries = useSelector(actor, (snapshot) => snapshot.context.uploads)
  const rows = useUploadViews(entries)
  if (!shown || rows.length === 0) return null
  const summary = summaryOf(rows.map((row) => row.view))
  const finished = rows.every(({ view }) => view.state === "ready" || view.state === "failed" || view.state === "cancelled")
  return (
    <section className={css.panel} aria-label={t("uploads.panel.label")} data-testid="upload-panel" data-expanded={expanded}>
      <header className={css.header}>
        <h2 className={css.title} aria-live="polite" data-testid="upload-panel-title">
          {heading(summary)}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          className={css.headerButton}
          aria-expanded={expanded}
          aria-label={expanded ? t("uploads.panel.collapse") : t("uploads.panel.expand")}
          onClick={() => actor.send({ type: "uploads.toggle" })}
        >
          <ChevronDownIcon size={18} className={cx(css.chevron, !expanded && css.chevronCollapsed)} />
        </Button>
        {finished && (
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            className={css.headerButton}
            aria-label={t("uploads.panel.close")}
            onClick={() => actor.send({ type: "uploads.close" })}
          >
            <XIcon size={18} />
          </Button>
        )}
      </header>
      {expanded ? (
        <ul className={css.list} aria-label={t("uploads.panel.list")}>
          {rows.map(({ entry, view }) => (
            <UploadRow
              key={entry.key}
              view={view}
              onCancel={() => actor.send({ type: "uploads.cancel", key: entry.key })}
              onRetry={() => actor.send({ type: "uploads.retry", key: entry.key })}
            />
          ))}
        </ul>
      ) : (
        summary.kind === "uploading" && (
          <div className={css.overall} aria-hidden="true">
            <div className={css.overallFill} style={{ width: `${summary.percent}%` }} />
          </div>
        )
      )}
    </section>
  )
}
