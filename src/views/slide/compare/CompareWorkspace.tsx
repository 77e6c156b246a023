// The compare viewer's conductor: runs compare.machine.ts on the address's slides, keeps the address
// in step with the set (so that it can be shared and reloaded), lays the panes out in a grid, keeps
// their navigation in step (useCompareSync.ts) and says when a fifth slide is refused.
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { useLocation } from "wouter"
import type { LabDetail } from "../../../contract/labs.ts"
import { links } from "../../../contract/routes.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { compareMachine, MAX_COMPARED } from "../../../machines/slide/compare.machine.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { PlusIcon, Tooltip, useToast } from "../../ui/index.ts"
import { useActorRef } from "../../useActorRef.ts"
import * as layout from "../SlideLayout.css.ts"
import * as css from "./CompareWorkspace.css.ts"
import { ComparePane } from "./ComparePane.tsx"
import { ComparePicker } from "./ComparePicker.tsx"
import { type SyncPane, useCompareSync } from "./useCompareSync.ts"

type Opened = { readonly viewer: OpenSeadragon.Viewer; readonly lab: LabDetail }

export const CompareWorkspace = ({ ids }: { readonly ids: ReadonlyArray<string> }) => {
  const t = useT()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const { toast } = useToast()
  const actor = useActorRef(compareMachine, { input: { ids } })
  const shown = useSelector(actor, (s) => s.context.ids)
  const offsets = useSelector(actor, (s) => s.context.offsets)
  const refusals = useSelector(actor, (s) => s.context.refusals)
  const synced = useSelector(actor, (s) => s.hasTag("synced"))
  const picking = useSelector(actor, (s) => s.hasTag("picking"))
  useDocumentMeta(t("compare.title"))

  // The address follows the set, replacing the entry: removing a pane is not a page to go back to.
  useEffect(() => {
    navigate(localePath(links.compare(...shown)), { replace: true })
  }, [shown, navigate, localePath])

  // Said once per refusal, in the language of the moment.
  const refuse = useRef(() => {})
  refuse.current = () => toast({ kind: "error", title: t("compare.tooMany"), message: t("compare.tooManyBody") })
  useEffect(() => {
    if (refusals > 0) refuse.current()
  }, [refusals])

  // One slide alone has nothing to be compared with: the picker opens at once.
  useEffect(() => {
    if (actor.getSnapshot().context.ids.length < 2) actor.send({ type: "compare.picker.open" })
  }, [actor])

  const [opened, setOpened] = useState<Readonly<Record<string, Opened>>>({})
  const onViewer = useCallback((id: string, open: Opened | null) => {
    setOpened((all) => {
      if (all[id] === open || (open === null && !(id in all))) return all
      const { [id]: _, ...rest } = all
      return open === null ? rest : { ...rest, [id]: open }
    })
  }, [])
  const panes = useMemo<ReadonlyArray<SyncPane>>(
    () =>
      shown.flatMap((id) => {
        const open = opened[id]
        return open
          ? [{ id, viewer: open.viewer, slide: { width: open.lab.width ?? 1, height: open.lab.height ?? 1, mpp: open.lab.mpp } }]
          : []
      }),
    [shown, opened]
  )
  const sync = useCompareSync(panes, synced, offsets)
  const onRemove = useCallback((id: string) => actor.send({ type: "compare.remove", id }), [actor])
  const toggleSync = () => actor.send(synced ? { type: "compare.sync.off" } : { type: "compare.sync.on", offsets: sync.measure() })

  return (
    <div className={`${layout.root} ${layout.frame.dashboard} ${css.root}`} data-testid="compare">
      <header className={css.bar}>
        <h1 className={css.title}>{t("compare.title")}</h1>
        <span className={css.count} data-testid="compare-count">
          {t("compare.count", { count: shown.length })}
        </span>
        <span className={css.spacer} />
        <Tooltip content={t("compare.syncHint")} placement="bottom">
          <button type="button" className={css.sync} aria-pressed={synced} onClick={toggleSync} data-testid="compare-sync">
            <span className={css.dot} aria-hidden="true" />
            {t("compare.sync")}
          </button>
        </Tooltip>
        <button type="button" className={css.add} aria-label={t("compare.add")} onClick={() => actor.send({ type: "compare.picker.open" })}>
          <PlusIcon size={16} />
          <span className={css.addLabel}>{t("compare.add")}</span>
        </button>
      </header>
      {shown.length === 0 ? (
        <div className={css.empty}>
          <p className={css.emptyTitle}>{t("compare.empty.title")}</p>
          <p className={css.emptyBody}>{t("compare.empty.body")}</p>
        </div>
      ) : (
        <div className={css.grid} data-count={Math.min(shown.length, MAX_COMPARED)}>
          {shown.map((id) => (
            <ComparePane key={id} labId={id} onViewer={onViewer} onLead={sync.lead} onRemove={onRemove} />
          ))}
          {/* Three panes leave a cell of the grid: it is where a fourth would go. */}
          {shown.length === 3 && (
            <button type="button" className={css.slot} onClick={() => actor.send({ type: "compare.picker.open" })}>
              <PlusIcon size={22} />
              {t("compare.addSlot")}
            </button>
          )}
        </div>
      )}
      <ComparePicker
        open={picking}
        compared={shown}
        onChoose={(id) => actor.send({ type: "compare.add", id })}
        onClose={() => actor.send({ type: "compare.picker.close" })}
      />
    </div>
  )
}
