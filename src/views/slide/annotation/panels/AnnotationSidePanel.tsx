// The viewer's side panel: five tabs, the slide's annotations (labels, the annotation list, export
// and import), its chat (src/views/slide/chat/), its notes and reports (src/views/slide/notes/) and
// its details, and its image analyses for its members (src/views/slide/analysis/). It applies what the labels flow reports to the annotation store (a deleted
// label's shapes go, a renamed or recoloured label's shapes follow) and
// says so in toasts, in the spec's words where it has them.
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react"
import type { LabDetail } from "../../../../contract/labs.ts"
import { mayAnnotate } from "../../../../contract/permissions.ts"
import { present } from "../../../../effects/Catalogue.ts"
import { useT } from "../../../../i18n/index.ts"
import { reportMeasurements } from "../../../../annotation/report-measurements.ts"
import { firstDrawable } from "../../../../machines/annotation/labels.machine.ts"
import { useNoticeText } from "../../../account/useNoticeText.ts"
import { useSession } from "../../../session.tsx"
import { useToast } from "../../../ui/index.ts"
import { SlideDetailsPanel } from "../../SlideDetailsPanel.tsx"
import { type ChatView, ChatTabs } from "../../chat/ChatTabs.tsx"
import { useOpenThread } from "../../comments/useOpenThread.ts"
import { AnalysisPanel } from "../../analysis/AnalysisPanel.tsx"
import { ChatTabLabel } from "../../chat/ChatTabLabel.tsx"
import { NotesPanel } from "../../notes/NotesPanel.tsx"
import { visibleRegion } from "../../notes/visible-region.ts"
import type { ChatActor } from "../../chat/useSlideChat.ts"
import { announceChatRead } from "../../../notifications/chat-read.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import { SelectedSection } from "../edit/SelectedSection.tsx"
import { SelectionSection } from "../edit/SelectionSection.tsx"
import { AnnotationList } from "./AnnotationList.tsx"
import { CalibrationSection } from "./CalibrationSection.tsx"
import { CountsSection } from "./CountsSection.tsx"
import { LabelsSection } from "./LabelsSection.tsx"
import { SelectedComment } from "./SelectedComment.tsx"
import * as css from "./panels.css.ts"
import { countedLabels, labelRows, tally } from "./records.ts"
import { TransferBar } from "./TransferBar.tsx"

type Tab = "annotations" | "analysis" | "chat" | "notes" | "details"

export interface AnnotationSidePanelProps {
  readonly lab: LabDetail
  readonly view: AnnotationsView
  readonly viewer: OpenSeadragon.Viewer | null
  readonly canEdit: boolean
  /** The slide was given a resolution here: the page's slide takes it. */
  readonly onCalibrated?: (mpp: number) => void
  /** The slide's chat, once the page holds it; `chatAsked` moves to true when a link asks for the chat tab. */
  readonly chat?: ChatActor | null
  readonly chatAsked?: boolean
  /** Which half of the chat tab a link asked for (a comment notification asks for the comments). */
  readonly chatView?: ChatView
  /** Moves up each time the AI tool (or a link) asks for the analysis tab. */
  readonly analysisAsked?: number
}

export const AnnotationSidePanel = ({
  lab,
  view,
  viewer,
  canEdit,
  onCalibrated,
  chat = null,
  chatAsked = false,
  chatView = "messages",
  analysisAsked = 0
}: AnnotationSidePanelProps) => {
  const t = useT()
  const { toast } = useToast()
  const notice = useNoticeText()
  const { user, status } = useSession()
  const openThread = useOpenThread(view, viewer)
  // Analyses run for the slide's people (a public slide's visitor has no such tab).
  const analyst = canEdit && mayAnnotate(lab.role, "analysis.run")
  const [tab, setTab] = useState<Tab>(chatAsked ? "chat" : analysisAsked > 0 && analyst ? "analysis" : "annotations")
  // Notes and reports are the slide's people's (a public slide's visitor has no such tab).
  const member = mayAnnotate(lab.role, "notes.read")
  const TABS: ReadonlyArray<Tab> = [
    "annotations",
    ...(analyst ? (["analysis"] as const) : []),
    ...(chat === null ? [] : (["chat"] as const)),
    ...(member ? (["notes"] as const) : []),
    "details"
  ]
  useEffect(() => {
    if (chatAsked) setTab("chat")
  }, [chatAsked])
  useEffect(() => {
    if (analysisAsked > 0 && analyst) setTab("analysis")
  }, [analysisAsked, analyst])
  // The chat is read while its tab is on screen (and not once the panel closes).
  useEffect(() => {
    if (chat === null) return
    chat.send({ type: "chat.visible", visible: tab === "chat" })
    if (tab === "chat") announceChatRead(lab.id)
    return () => chat.send({ type: "chat.visible", visible: false })
  }, [chat, tab, lab.id])
  const [fill, setFill] = useState(true)
  const store = view.store
  const labels = useSelector(view.labels, (s) => s.context.labels)
  const hidden = useSelector(view.labels, (s) => s.context.hidden)
  const chosen = useSelector(view.labels, (s) => s.context.activeId)

  // One number that moves with every change of the store: what the lists recompute on.
  const [version, setVersion] = useState(0)
  // When each annotation was made: the server's time for what it answered, the moment it appeared
  // here for what was drawn or imported since.
  const times = useRef(new Map<string, string>())
  useMemo(() => {
    const loaded = view.loaded?.annotations
    if (loaded !== undefined) for (let i = 0; i < loaded.count; i++) times.current.set(loaded.ids[i]!, loaded.times[loaded.created[i]!]!)
  }, [view.loaded])
  useEffect(
    () =>
      store.subscribe((change) => {
        const now = new Date().toISOString()
        for (const shape of change.upserted) if (!times.current.has(shape.id)) times.current.set(shape.id, now)
        setVersion((v) => v + 1)
      }),
    [store]
  )

  // Hidden labels are a view setting of the store.
  const wasHidden = useRef<ReadonlyArray<string>>([])
  useEffect(() => {
    for (const id of wasHidden.current) if (!hidden.includes(id)) store.setLabelVisible(id, true)
    for (const id of hidden) store.setLabelVisible(id, false)
    wasHidden.current = hidden
  }, [hidden, store])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is read again whenever its version moves
  const tallied = useMemo(() => tally(store.all()), [store, version])
  const rows = useMemo(() => labelRows(labels, tallied), [labels, tallied])
  // Drawing's label when none is chosen: the first that is not the comments' label.
  const activeId = labels.some((l) => l.id === chosen) ? chosen : firstDrawable(labels, t("viewer.annotations.commentLabel"))

  // What the labels flow reports, said in a toast (the workspace machine makes the store follow).
  useEffect(() => {
    const flow = view.labels
    const subscriptions = [
      flow.on("label.created", () => toast({ kind: "success", title: t("errors.success.labelCreated") })),
      flow.on("label.updated", () => toast({ kind: "success", title: t("viewer.annotationPanel.labelUpdated") })),
      flow.on("label.deleted", ({ annotationsDeleted, undoable }) =>
        toast({
          kind: "success",
          title: t("viewer.annotationPanel.labelDeleted", { count: annotationsDeleted }),
          // The deleter may bring it back (the server keeps it a day); the toast is the quickest way.
          ...(undoable
            ? {
                action: { label: t("viewer.annotationPanel.undoDelete"), onClick: () => flow.send({ type: "label.undo" }) },
                durationMs: 10_000
              }
            : {})
        })
      ),
      flow.on("label.restored", ({ label, restored }) =>
        toast({ kind: "success", title: t("viewer.annotationPanel.labelRestored", { name: label.name, count: restored }) })
      ),
      flow.on("label.failed", ({ action, error }) => {
        const title =
          action === "create"
            ? t("errors.createLabel")
            : action === "update"
              ? t("viewer.annotationPanel.updateFailed")
              : action === "delete"
                ? t("viewer.annotationPanel.deleteFailed")
                : t("viewer.annotationPanel.undoFailed")
        const message = notice.text(present(error).notice)
        toast({ kind: "error", title, ...(message ? { message } : {}) })
      })
    ]
    return () => {
      for (const s of subscriptions) s.unsubscribe()
    }
  }, [view.labels, toast, t, notice])

  const tabKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return
    event.preventDefault()
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!
    setTab(next)
    document.getElementById(`annotation-tab-${next}`)?.focus()
  }
  const timeOf = (id: string) => times.current.get(id)

  return (
    <div className={css.root} data-testid="annotation-side-panel">
      <div className={css.tabs} role="tablist" aria-label={t("viewer.annotationPanel.tabs")} onKeyDown={tabKeys}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`annotation-tab-${name}`}
            type="button"
            role="tab"
            className={css.tab}
            aria-selected={tab === name}
            aria-controls={`annotation-tabpanel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {name === "annotations" ? (
              t("viewer.annotationPanel.tabAnnotations")
            ) : name === "analysis" ? (
              t("viewer.analysis.tab")
            ) : name === "chat" && chat !== null ? (
              <ChatTabLabel chat={chat} />
            ) : name === "notes" ? (
              t("viewer.notes.tab")
            ) : (
              t("viewer.annotationPanel.tabDetails")
            )}
          </button>
        ))}
      </div>
      {tab === "annotations" ? (
        <div className={css.tabPanel} role="tabpanel" id="annotation-tabpanel-annotations" aria-labelledby="annotation-tab-annotations">
          <SelectedSection view={view} labels={rows} mpp={lab.mpp} me={user?.id ?? null} />
          <SelectedComment view={view} />
          <SelectionSection view={view} labels={rows} version={version} />
          <LabelsSection
            view={view}
            rows={rows}
            activeId={activeId}
            canEdit={canEdit}
            canManage={canEdit && mayAnnotate(lab.role, "label.edit")}
            fill={fill}
            me={user?.id ?? null}
            onFill={(on) => {
              setFill(on)
              view.setFill(on)
            }}
          />
          {onCalibrated && <CalibrationSection lab={lab} rulerPx={view.rulerPx} onCalibrated={onCalibrated} />}
          <CountsSection view={view} lab={lab} rows={rows} version={version} authors={tallied.authors} />
          <AnnotationList
            view={view}
            viewer={viewer}
            mpp={lab.mpp}
            version={version}
            labels={rows}
            authors={tallied.authors}
            timeOf={timeOf}
            me={user?.id ?? null}
          />
          <TransferBar
            view={view}
            labId={lab.id}
            slideName={lab.name}
            mpp={lab.mpp}
            image={lab.width !== null && lab.height !== null ? { width: lab.width, height: lab.height } : null}
            labels={rows}
            canEdit={canEdit}
          />
        </div>
      ) : tab === "analysis" && analyst ? (
        <div className={css.tabPanel} role="tabpanel" id="annotation-tabpanel-analysis" aria-labelledby="annotation-tab-analysis">
          <AnalysisPanel lab={lab} view={view} />
        </div>
      ) : tab === "chat" && chat !== null ? (
        <div className={css.tabPanel} role="tabpanel" id="annotation-tabpanel-chat" aria-labelledby="annotation-tab-chat">
          <ChatTabs
            key={chatView}
            chat={chat}
            me={user?.id ?? null}
            labId={lab.id}
            signedIn={status === "signedIn"}
            initial={chatView}
            onOpenThread={openThread}
          />
        </div>
      ) : tab === "notes" && member ? (
        <div className={css.tabPanel} role="tabpanel" id="annotation-tabpanel-notes" aria-labelledby="annotation-tab-notes">
          <NotesPanel
            slideId={lab.id}
            measurements={() => reportMeasurements([...store.all()], countedLabels(rows, t("viewer.annotations.commentLabel")), lab)}
            currentView={() => visibleRegion(viewer, lab)}
          />
        </div>
      ) : (
        <div className={css.details} role="tabpanel" id="annotation-tabpanel-details" aria-labelledby="annotation-tab-details">
          <SlideDetailsPanel lab={lab} />
        </div>
      )}
    </div>
  )
}
