// The 3 px bar at the very top: blue while loading, red on failure.
import { useT } from "../../i18n/index.ts"
import type { ProgressView } from "../../machines/shell/progressBar.view.ts"
import { cx } from "../ui/index.ts"
import * as css from "./ProgressBar.css.ts"

const phaseClass = { idle: css.hidden, running: css.running, finishing: css.finishing, failed: css.failed }

export const ProgressBar = ({ view }: { view: ProgressView }) => {
  const t = useT()
  return (
    // Fixed above everything, outside the page's landmarks: while it runs it is a labelled region of
    // its own (axe's "content in landmarks"), and the finishing and failed flashes are only visual.
    <div
      className={css.track}
      aria-hidden={view.phase !== "running"}
      {...(view.phase === "running" ? { role: "region", "aria-label": t("shell.progress") } : {})}
      data-testid="page-progress"
      data-phase={view.phase}
    >
      {view.phase === "running" ? (
        // Indeterminate: no aria-valuenow, the real duration is unknown.
        <div className={cx(css.bar, phaseClass.running)} role="progressbar" aria-label={t("shell.progress")} />
      ) : (
        <div className={cx(css.bar, phaseClass[view.phase])} />
      )}
    </div>
  )
}
