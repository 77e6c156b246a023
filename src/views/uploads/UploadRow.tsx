// One file in the upload panel: its icon (the slide's thumbnail once ready), name, bytes sent of the
// whole, a progress bar, what is happening, and cancel while it runs or retry once it failed.
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { labPath } from "../labs/lab-paths.ts"
import { formatBytes } from "../shell/storage-usage.ts"
import { AlertCircleIcon, Button, CheckCircleIcon, cx, ImageIcon, RefreshIcon, Spinner, XIcon } from "../ui/index.ts"
import type { RowView } from "./upload-view.ts"
import * as css from "./UploadPanel.css.ts"

export interface UploadRowProps {
  readonly view: RowView
  readonly onCancel: () => void
  readonly onRetry: () => void
}

const toneOf = (view: RowView) =>
  view.state === "ready" ? "ready" : view.state === "failed" ? "failed" : view.state === "cancelled" ? "cancelled" : "active"

export const UploadRow = ({ view, onCancel, onRetry }: UploadRowProps) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { text } = useNoticeText()
  const bytes = t("uploads.row.bytes", { done: formatBytes(view.done, locale), total: formatBytes(view.total, locale) })
  const moving = view.state === "queued" || view.state === "sending" || view.state === "waiting" || view.state === "resyncing"
  return (
    <li className={css.row} data-testid="upload-row" data-state={view.state}>
      <span className={cx(css.icon, css.iconTone[toneOf(view)])} aria-hidden="true">
        {view.thumbnail !== null ? <img className={css.iconImage} src={view.thumbnail} alt="" /> : <ImageIcon size={18} />}
      </span>
      <div className={css.body}>
        {view.state === "ready" && view.labId !== null ? (
          <Link
            href={localePath(labPath({ id: view.labId, is_dir: false }))}
            className={cx(css.name, css.nameLink)}
            title={t("uploads.row.open", { name: view.filename })}
          >
            {view.filename}
          </Link>
        ) : (
          <span className={css.name} title={`${view.filename} · ${t("uploads.panel.into", { folder: view.folderName })}`}>
            {view.filename}
          </span>
        )}
        <StatusLine view={view} bytes={bytes} failure={text(view.failure) ?? ""} onRetry={onRetry} />
        {moving && (
          <div
            className={css.bar}
            role="progressbar"
            aria-label={view.filename}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.percent}
          >
            <div className={cx(css.barFill, view.state === "waiting" && css.barWaiting)} style={{ width: `${view.percent}%` }} />
          </div>
        )}
        {view.state === "processing" && (
          <div className={css.bar} aria-hidden="true">
            <div className={css.barSweep} />
          </div>
        )}
      </div>
      <span className={css.end}>
        {view.canCancel && (
          <Button variant="ghost" size="sm" iconOnly aria-label={t("uploads.row.cancel", { name: view.filename })} onClick={onCancel}>
            <XIcon size={16} />
          </Button>
        )}
        {view.canRetry && (
          <Button variant="ghost" size="sm" iconOnly aria-label={t("uploads.row.retry", { name: view.filename })} onClick={onRetry}>
            <RefreshIcon size={16} />
          </Button>
        )}
        {view.state === "processing" && <Spinner size={16} label={t("uploads.row.processing")} />}
        {view.state === "ready" && <CheckCircleIcon size={20} aria-label={t("uploads.row.ready")} />}
        {view.state === "failed" && !view.canRetry && <AlertCircleIcon size={20} className={css.statusTone.failed} aria-hidden="true" />}
      </span>
    </li>
  )
}

const StatusLine = ({
  view,
  bytes,
  failure,
  onRetry
}: {
  readonly view: RowView
  readonly bytes: string
  readonly failure: string
  readonly onRetry: () => void
}) => {
  const { locale } = useLocale()
  const t = useT()
  switch (view.state) {
    case "queued":
      return <span className={css.status}>{t("uploads.row.queued")}</span>
    case "sending":
      return (
        <span className={css.status}>
          <span className={css.statusText}>{bytes}</span>
          <span aria-hidden="true">·</span>
          <span>{t("uploads.row.uploading", { percent: view.percent })}</span>
        </span>
      )
    case "waiting":
    case "resyncing":
      return (
        <span className={cx(css.status, css.statusTone.waiting)}>
          <span className={css.statusText}>{view.state === "waiting" ? t("uploads.row.waiting") : t("uploads.row.resyncing")}</span>
          {view.state === "waiting" && (
            <button type="button" className={css.inlineAction} onClick={onRetry}>
              {t("uploads.row.retryNow")}
            </button>
          )}
        </span>
      )
    case "processing":
      return <span className={css.status}>{`${formatBytes(view.total, locale)} · ${t("uploads.row.processing")}`}</span>
    case "ready":
      return <span className={css.status}>{`${formatBytes(view.total, locale)} · ${t("uploads.row.ready")}`}</span>
    case "failed":
      return (
        <span className={cx(css.status, css.statusTone.failed)} role="alert">
          {failure}
        </span>
      )
    case "cancelled":
      return <span className={css.status}>{t("uploads.row.cancelled")}</span>
  }
}
