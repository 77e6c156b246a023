// The 3 px bar at the very top: blue while loading, red on failure.
import { useT } from "../../i18n/index.ts"
import type { ProgressView } from "../../machines/shell/progressBar.view.ts"
import { cx } from "../ui/index.ts"
import * as css from "./ProgressBar.css.ts"

const phaseClass = { idle: css.hidden, running: css.running, finishing: css.finishing, failed: css.failed }

export const ProgressBar = ({ view }: { view: ProgressView }) => {
  const t = useT()
  return (
    <div className={css.track} aria-hidden={!view.visible} data-testid="page-progress" data-phase={view.phase}>
      {view.phase === "running" ? (
        // Indeterminate: no aria-valuenow, the real duration is unknown.
        <div className={cx(css.bar, phaseClass.running)} role="progressbar" aria-label={t("shell.progress")} />
      ) : (
        <div className={cx(css.bar, phaseClass[view.phase])} />
      )}
    </div>
  )
}
