// Deleted File (/dashboard/trash): the owner's deleted labs with Restore and Delete forever on each,
// and Empty trash; both deletions are confirmed first. Purging frees space, so the storage meter
// looks again.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import type { TrashItem } from "../../../contract/labs.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { trashMachine } from "../../../machines/labs/trash.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { useStorageRefresh } from "../../shell/StorageContext.tsx"
import { visuallyHidden } from "../../theme/utilities.css.ts"
import { Alert, Button, cx, EmptyState, PageHeader, RefreshIcon, RotateCcwIcon, TrashIcon, useToast } from "../../ui/index.ts"
import { ConfirmDialog } from "../dialogs/ConfirmDialog.tsx"
import { formatMoment, formatSize } from "../formatting.ts"
import { LabThumbnail } from "../LabThumbnail.tsx"
import { LabsSkeleton } from "../LabsSkeleton.tsx"
import * as css from "../labs.css.ts"
import { LoadMore } from "../LoadMore.tsx"
import { useEmittedEvents } from "../useEmittedEvents.ts"

export const TrashView = () => {
  const t = useT()
  const { text } = useNoticeText()
  const { toast } = useToast()
  const refreshStorage = useStorageRefresh()
  const actor = useActorRef(trashMachine)
  const { items, meta, subject, error, moreError } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) =>
    s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : s.matches("empty") ? "empty" : "showing"
  )
  const step = useSelector(actor, (s) =>
    s.matches({ showing: "confirmingPurge" }) || s.matches({ showing: "purging" })
      ? "purge"
      : s.matches({ showing: "confirmingEmpty" }) || s.matches({ showing: "emptying" })
        ? "empty"
        : null
  )
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const restoring = useSelector(actor, (s) => s.matches({ showing: "restoring" }))
  const loadingMore = useSelector(actor, (s) => s.matches({ showing: "loadingMore" }))
  useDocumentMeta(t("labs.pages.trash.title"))

  const success = (message: string) => toast({ kind: "success", title: t("errors.success.title"), message })
  useEmittedEvents(actor, {
    "trash.restored": ({ item }) => success(t("labs.toasts.restored", { name: item.name })),
    "trash.purged": ({ item }) => {
      success(t("labs.toasts.purged", { name: item.name }))
      refreshStorage()
    },
    "trash.emptied": () => {
      success(t("labs.toasts.emptied"))
      refreshStorage()
    },
    "trash.failed": ({ failure }) => toast({ kind: "error", title: text(failure.title) ?? "", message: text(failure.detail) })
  })

  const cancel = () => actor.send({ type: "trash.cancel" })
  const confirm = () => actor.send({ type: "trash.confirm" })

  return (
    <>
      <PageHeader
        title={t("labs.pages.trash.title")}
        description={t("labs.pages.trash.description")}
        actions={
          phase === "showing" && (
            <Button
              variant="secondary"
              iconStart={<TrashIcon size={16} />}
              disabled={busy}
              onClick={() => actor.send({ type: "trash.empty" })}
            >
              {t("labs.trash.empty")}
            </Button>
          )
        }
      />
      {phase === "loading" ? (
        <LabsSkeleton view="table" />
      ) : phase === "failed" ? (
        <Alert
          kind="error"
          title={error === null ? t("labs.failed.title") : text(error.title)}
          action={
            <Button variant="secondary" size="sm" iconStart={<RefreshIcon size={14} />} onClick={() => actor.send({ type: "trash.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {error === null ? null : text(error.detail)}
        </Alert>
      ) : phase === "empty" ? (
        <EmptyState icon={<TrashIcon size={24} />} title={t("labs.empty.trashTitle")} description={t("labs.empty.trashBody")} />
      ) : (
        <>
          <TrashTable
            items={items}
            restoringId={restoring ? (subject?.id ?? null) : null}
            busy={busy}
            onRestore={(item) => actor.send({ type: "trash.restore", item })}
            onPurge={(item) => actor.send({ type: "trash.purge", item })}
          />
          <LoadMore
            hasMore={meta?.next_page != null}
            loading={loadingMore}
            failure={moreError}
            onMore={() => actor.send({ type: "trash.more" })}
          />
        </>
      )}
      {step === "purge" && subject !== null && (
        <ConfirmDialog
          title={t("labs.trash.purgeTitle", { name: subject.name })}
          body={t("labs.trash.purgeBody")}
          confirm={t("labs.trash.purge")}
          busy={busy}
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
      {step === "empty" && (
        <ConfirmDialog
          title={t("labs.trash.emptyTitle")}
          body={t("labs.trash.emptyBody")}
          confirm={t("labs.trash.empty")}
          busy={busy}
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
    </>
  )
}

interface TrashTableProps {
  readonly items: ReadonlyArray<TrashItem>
  /** The item whose restore is on its way. */
  readonly restoringId: string | null
  /** Something is on its way: one change at a time. */
  readonly busy: boolean
  readonly onRestore: (item: TrashItem) => void
  readonly onPurge: (item: TrashItem) => void
}

const TrashTable = ({ items, restoringId, busy, onRestore, onPurge }: TrashTableProps) => {
  const t = useT()
  const { locale } = useLocale()
  return (
    <div className={css.tableWrap}>
      <table className={css.table} aria-label={t("labs.pages.trash.title")}>
        <thead>
          <tr>
            <th className={css.th}>{t("labs.list.name")}</th>
            <th className={cx(css.th, css.col.date)}>{t("labs.list.deleted")}</th>
            <th className={cx(css.th, css.col.size)}>{t("labs.list.size")}</th>
            <th className={cx(css.th, css.actionsCol)}>
              <span className={visuallyHidden}>{t("labs.list.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={css.row} data-testid="trash-item" data-lab-id={item.id}>
              <td className={cx(css.td, css.nameCell)}>
                <span className={css.nameInner}>
                  <span className={css.mini}>
                    <LabThumbnail lab={item} size="mini" />
                  </span>
                  <span className={css.metaText} title={item.name}>
                    {item.name}
                  </span>
                </span>
              </td>
              <td className={css.td}>
                <time dateTime={item.deleted_at}>{formatMoment(locale, item.deleted_at)}</time>
              </td>
              <td className={css.td}>{formatSize(locale, item)}</td>
              <td className={cx(css.td, css.actionsCell)}>
                <span className={css.actionsGroup}>
                  <Button
                    variant="secondary"
                    size="sm"
                    iconStart={<RotateCcwIcon size={14} />}
                    aria-label={t("labs.trash.restoreName", { name: item.name })}
                    loading={restoringId === item.id}
                    disabled={busy}
                    onClick={() => onRestore(item)}
                  >
                    {t("labs.trash.restore")}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    iconStart={<TrashIcon size={14} />}
                    aria-label={t("labs.trash.purgeName", { name: item.name })}
                    disabled={busy}
                    onClick={() => onPurge(item)}
                  >
                    {t("labs.trash.purge")}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
