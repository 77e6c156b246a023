// The slide page's conductor: runs the page's machine (slideViewer.machine.ts), listens for the
// slide's status while it is being prepared, and renders the layout for the state it is in. The
// viewer itself, its controls, scale bar and zoom indicator are the components beside this one.
import { BrushOptions } from "./annotation/BrushOptions.tsx"
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import type OpenSeadragon from "openseadragon"
import { useCallback, useEffect, useState } from "react"
import { useSearch } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { slideViewerMachine } from "../../machines/slide/slideViewer.machine.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useDocumentMeta } from "../document-meta.ts"
import { useLabEvents } from "../realtime/useLabEvents.ts"
import { useSession } from "../session.tsx"
import { AlertTriangleIcon, ArrowLeftIcon, Button, LinkButton, RefreshIcon, Spinner } from "../ui/index.ts"
import { trailRoot } from "../labs/trail-root.ts"
import { useShowFolder } from "../shell/shown-folder.ts"
import { backTarget } from "./back-target.ts"
import { keepPanelChoice, panelStartsOpen } from "./panelPreference.ts"
import { ScaleBar } from "./ScaleBar.tsx"
import { type SlideFrame, SlideLayout } from "./SlideLayout.tsx"
import { SlideMissing } from "./SlideMissing.tsx"
import { SlideTopBar } from "./SlideTopBar.tsx"
import { SlideViewer } from "./SlideViewer.tsx"
import { AnnotationStatus } from "./annotation/AnnotationStatus.tsx"
import { CollabBar } from "./annotation/collab/CollabBar.tsx"
import { DeleteSelectionDialog } from "./annotation/edit/DeleteSelectionDialog.tsx"
import { SelectionBar } from "./annotation/edit/SelectionBar.tsx"
import { Presence } from "./annotation/collab/Presence.tsx"
import { AnnotationSidePanel } from "./annotation/panels/AnnotationSidePanel.tsx"
import { ChatHost } from "./chat/ChatHost.tsx"
import { ThreadHost, useThreadFromLink } from "./comments/ThreadHost.tsx"
import type { ChatActor } from "./chat/useSlideChat.ts"
import { mayAnnotate } from "../../contract/permissions.ts"
import { useAnnotations } from "./annotation/useAnnotations.ts"
import { StageNotice } from "./StageNotice.tsx"
import { StageSkeleton } from "./StageSkeleton.tsx"
import { ToolRail } from "./ToolRail.tsx"
import { useFullScreen } from "./useFullScreen.ts"
import { useViewerCommands } from "./useViewerCommands.ts"
import { useViewerShortcuts } from "./useViewerShortcuts.ts"
import { ViewerControls } from "./ViewerControls.tsx"
import { ZoomIndicator } from "./ZoomIndicator.tsx"

type Phase = "loading" | "unavailable" | "missing" | "failed" | "notReady" | "ready"

export const SlideWorkspace = ({ labId }: { readonly labId: string }) => {
  const t = useT()
  const { localePath } = useLocale()
  const notice = useNoticeText()
  const { status, user } = useSession()
  const signedIn = status === "signedIn"
  const frame: SlideFrame = signedIn ? "dashboard" : "public"

  const actor = useActorRef(slideViewerMachine, { input: { labId } })
  const phase = useSelector(actor, (s) => (typeof s.value === "string" ? s.value : Object.keys(s.value)[0]) as Phase)
  const lab = useSelector(actor, (s) => s.context.lab)
  const rotation = useSelector(actor, (s) => s.context.rotation)
  const error = useSelector(actor, (s) => s.context.error)
  const fullScreen = useSelector(actor, (s) => s.hasTag("fullScreen"))
  const [viewer, setViewer] = useState<OpenSeadragon.Viewer | null>(null)
  // A link to the slide's chat (a chat notification, its toast) opens the panel on the chat tab.
  // A comment's notification or mail asks for the comments and the thread, which opens at its pin.
  const search = new URLSearchParams(useSearch())
  const asked = search.get("panel")
  const chatAsked = asked === "chat" || asked === "comments"
  const chatView = asked === "comments" ? "comments" : "messages"
  const threadAsked = search.get("thread")
  // The AI tool (and an analysis notification's link, ?panel=analysis) opens the panel on the analysis tab.
  const [analysisAsked, setAnalysisAsked] = useState(asked === "analysis" ? 1 : 0)
  // Below 1600 px the side panel starts closed, one click on the top bar away; the tools stay on the rail.
  // A link may ask for any tab (?panel=annotations: the landing's "Annotations that travel" card).
  const [panelOpen, setPanelOpen] = useState(
    () => chatAsked || asked === "analysis" || asked === "annotations" || panelStartsOpen(window.innerWidth)
  )
  useEffect(() => {
    if (chatAsked) setPanelOpen(true)
  }, [chatAsked])
  const [chat, setChat] = useState<ChatActor | null>(null)

  // Only signed-in users have realtime; a visitor's page relies on the periodic re-check.
  useLabEvents(
    signedIn && phase === "notReady" ? labId : null,
    (event) => {
      if ("status" in event) actor.send({ type: "slide.status", status: event.status })
    },
    // A status sent while the subscription was down is lost: check now rather than at the next tick.
    () => actor.send({ type: "slide.recheck" })
  )
  const run = useViewerCommands(viewer, actor)
  useViewerShortcuts(phase === "ready", fullScreen, run)
  useFullScreen(fullScreen, () => actor.send({ type: "viewer.fullScreen.exited" }))
  useDocumentMeta(lab?.name ?? t("viewer.title"))
  // The header and the menu start at Shared Lab for a slide shared with the reader.
  useShowFolder(lab && { id: lab.id, name: lab.name, shared: trailRoot(lab.role).label === "shared" })
  // The slide's annotations over the viewer, and the drawing tools (signed-in users draw).
  const annotations = useAnnotations({
    labId,
    viewer,
    mpp: lab?.mpp ?? null,
    // Only once the server has shown the slide: a missing or forbidden one is subscribed to by nothing.
    canEdit: signedIn && lab !== null,
    role: lab?.role ?? null,
    defaultLabel: t("viewer.annotations.defaultLabel"),
    commentLabel: t("viewer.annotations.commentLabel")
  })

  useThreadFromLink(threadAsked, annotations, viewer)

  // A resolution given in the side panel: the scale bar and every measurement use it from now on.
  const calibrated = useCallback((mpp: number) => actor.send({ type: "slide.calibrated", mpp }), [actor])

  if (phase === "missing") return <SlideMissing signedIn={signedIn} />

  const back = lab && backTarget(lab, signedIn)
  const backAction = back && (
    <LinkButton href={localePath(back.href)} variant="secondary" iconStart={<ArrowLeftIcon size={16} />}>
      {t("viewer.backTo", { name: back.name ?? t(`labs.path.${back.root}`) })}
    </LinkButton>
  )
  const topBar = (withPanel: boolean) => (
    <SlideTopBar
      lab={lab}
      signedIn={signedIn}
      {...(withPanel
        ? {
            panel: {
              open: panelOpen,
              onToggle: () => {
                keepPanelChoice(!panelOpen)
                setPanelOpen(!panelOpen)
              }
            }
          }
        : {})}
      {...(withPanel ? { presence: <Presence viewers={annotations.collab.viewers} /> } : {})}
    />
  )

  if (phase === "ready" && lab !== null && lab.tile_source !== null) {
    const canChat = signedIn && mayAnnotate(lab.role, "chat.write")
    return (
      <>
        <ChatHost key={`${lab.id}:${canChat}`} labId={lab.id} userId={user?.id ?? null} canWrite={canChat} onActor={setChat} />
        <SlideLayout
          frame={frame}
          fullScreen={fullScreen}
          topBar={topBar(true)}
          rail={
            <ToolRail
              tool={annotations.tool}
              onChoose={annotations.choose}
              canDraw={signedIn && annotations.phase === "ready"}
              {...(signedIn ? { history: annotations.edits } : {})}
              {...(signedIn && mayAnnotate(lab.role, "analysis.run")
                ? {
                    onAnalysis: () => {
                      setPanelOpen(true)
                      setAnalysisAsked((n) => n + 1)
                    }
                  }
                : {})}
            />
          }
          stage={
            <>
              <SlideViewer tileSource={lab.tile_source} rotation={rotation} onViewer={setViewer} />
              {viewer && (
                <ThreadHost
                  view={annotations}
                  viewer={viewer}
                  labId={lab.id}
                  role={lab.role}
                  signedIn={signedIn}
                  me={user?.id ?? null}
                  chat={chat}
                />
              )}
            </>
          }
          controls={<ViewerControls fullScreen={fullScreen} onCommand={run} />}
          status={
            viewer && (
              <>
                <ZoomIndicator viewer={viewer} mpp={lab.mpp} />
                <ScaleBar viewer={viewer} mpp={lab.mpp} />
                <AnnotationStatus view={annotations} />
                <CollabBar view={annotations.collab} />
                <SelectionBar view={annotations} />
                <BrushOptions view={annotations} />
                <DeleteSelectionDialog view={annotations} />
              </>
            )
          }
          panel={
            panelOpen && (
              <AnnotationSidePanel
                lab={lab}
                view={annotations}
                viewer={viewer}
                canEdit={signedIn}
                onCalibrated={calibrated}
                chat={chat}
                chatAsked={chatAsked}
                chatView={chatView}
                analysisAsked={analysisAsked}
              />
            )
          }
        />
      </>
    )
  }

  const stage =
    phase === "notReady" ? (
      <StageNotice
        tone="busy"
        testId="slide-preparing"
        icon={<Spinner size={26} label={t("viewer.preparing.title")} />}
        title={t("viewer.preparing.title")}
        badge={lab?.status === "uploading" ? t("viewer.preparing.uploading") : t("viewer.preparing.processing")}
        body={t("viewer.preparing.body")}
        actions={backAction}
      />
    ) : phase === "failed" ? (
      <StageNotice
        tone="error"
        testId="slide-failed"
        icon={<AlertTriangleIcon size={26} />}
        title={t("viewer.failed.title")}
        body={t("viewer.failed.body")}
        actions={backAction}
      />
    ) : phase === "unavailable" ? (
      <StageNotice
        tone="error"
        testId="slide-unavailable"
        icon={<AlertTriangleIcon size={26} />}
        title={t("viewer.unavailable.title")}
        body={notice.text(error)}
        actions={
          <Button variant="secondary" iconStart={<RefreshIcon size={16} />} onClick={() => actor.send({ type: "slide.retry" })}>
            {t("viewer.unavailable.retry")}
          </Button>
        }
      />
    ) : (
      <StageSkeleton />
    )
  return <SlideLayout frame={frame} topBar={topBar(false)} rail={<ToolRail />} stage={stage} busy={phase === "loading"} />
}
