// A comment pin's thread, opened where the pin stands: a card beside the pin that follows it as the
// slide pans, zooms and turns (a sheet along the bottom on a phone). It runs the thread's machine
// (src/machines/comments/thread.machine.ts), hears the thread's live changes, and renders the first
// comment, the replies and the composer; every action is an event to the machine.
import { useSelector } from "@xstate/react"
import OpenSeadragon from "openseadragon"
import { useLayoutEffect, useRef, useState } from "react"
import type { Shape } from "../../../annotation/store/shape.ts"
import { useT } from "../../../i18n/index.ts"
import { threadMachine } from "../../../machines/comments/thread.machine.ts"
import { mayChange } from "../../../machines/comments/thread-changes.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Button, CheckIcon, RotateCcwIcon, Spinner, XIcon } from "../../ui/index.ts"
import { useActorRef } from "../../useActorRef.ts"
import { ChatComposer } from "../chat/ChatComposer.tsx"
import type { Mentionable } from "../chat/mentions.ts"
import { type Placement, placeCard } from "./pin-position.ts"
import * as css from "./thread.css.ts"
import { ThreadEntry } from "./ThreadEntry.tsx"
import { useCommentChanges } from "./useCommentChanges.ts"

export interface ThreadPopoverProps {
  readonly shape: Shape
  readonly viewer: OpenSeadragon.Viewer
  readonly labId: string
  readonly signedIn: boolean
  readonly canWrite: boolean
  readonly moderator: boolean
  readonly me: string | null
  readonly members: ReadonlyArray<Mentionable>
  readonly onClose: () => void
}

/** The pin's point in image pixels: a point's own, else the top right of the shape's box. */
const anchorOf = (shape: Shape) =>
  shape.kind === "points" ? { x: shape.coords[0]!, y: shape.coords[1]! } : { x: shape.bbox.maxX, y: shape.bbox.minY }

/** Where the card stands, kept current as the viewer moves. */
const usePlacement = (viewer: OpenSeadragon.Viewer, shape: Shape, card: React.RefObject<HTMLElement | null>): Placement | null => {
  const [placement, setPlacement] = useState<Placement | null>(null)
  useLayoutEffect(() => {
    let frame = 0
    const place = () => {
      frame = 0
      const container = viewer.container
      const anchor = anchorOf(shape)
      const at = viewer.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(anchor.x, anchor.y))
      const next = placeCard(at, { width: container.clientWidth, height: container.clientHeight }, card.current?.offsetHeight ?? 320)
      setPlacement((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next))
    }
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(place)
    }
    place()
    viewer.addHandler("update-viewport", soon)
    viewer.addHandler("resize", soon)
    return () => {
      viewer.removeHandler("update-viewport", soon)
      viewer.removeHandler("resize", soon)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [viewer, shape, card])
  return placement
}

export const ThreadPopover = ({ shape, viewer, labId, signedIn, canWrite, moderator, me, members, onClose }: ThreadPopoverProps) => {
  const t = useT()
  const notice = useNoticeText()
  const actor = useActorRef(threadMachine, { input: { annotationId: shape.id, userId: me, canWrite, moderator } })
  const card = useRef<HTMLElement>(null)
  const placement = usePlacement(viewer, shape, card)
  useCommentChanges(labId, signedIn, (change) => actor.send({ type: "thread.changed", change }))

  const phase = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("error") ? "error" : "open"))
  const step = useSelector(actor, (s) => (s.matches("open") ? (s.value as { open: string }).open : null))
  const thread = useSelector(actor, (s) => s.context.thread)
  const replies = useSelector(actor, (s) => s.context.replies)
  const error = useSelector(actor, (s) => s.context.error)
  const outgoing = useSelector(actor, (s) => s.context.outgoing)
  const target = useSelector(actor, (s) => s.context.target)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))

  const body = useRef<HTMLDivElement>(null)
  // New replies come at the bottom, where the reader is writing.
  useLayoutEffect(() => {
    const el = body.current
    if (el !== null && replies.length > 0) el.scrollTop = el.scrollHeight
  }, [replies.length])

  const style = placement === null || placement.mode === "sheet" ? undefined : { left: placement.left, top: placement.top }
  const resolved = thread?.resolved ?? false
  return (
    <section
      ref={card}
      className={`${css.card} ${placement?.mode === "sheet" ? css.sheet : ""}`}
      style={{ ...style, visibility: placement === null ? "hidden" : undefined }}
      role="dialog"
      aria-label={t("comments.thread")}
      data-testid="comment-thread"
      data-resolved={resolved || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && step !== "editing") {
          event.stopPropagation()
          onClose()
        }
      }}
    >
      {placement?.mode === "card" && (
        <span className={css.pointer} data-side={placement.side} style={{ top: placement.pointer }} aria-hidden="true" />
      )}
      <header className={css.head}>
        <h2 className={css.title}>{t("comments.title")}</h2>
        {resolved && (
          <span className={css.badge} data-testid="thread-resolved">
            <CheckIcon size={12} />
            {t("comments.resolved")}
          </span>
        )}
        {canWrite && thread !== null && (
          <button
            type="button"
            className={css.headButton}
            disabled={busy}
            data-testid={resolved ? "thread-reopen" : "thread-resolve"}
            title={resolved && thread.resolved_by ? t("comments.resolvedBy", { name: thread.resolved_by.name }) : undefined}
            onClick={() => actor.send({ type: "thread.resolve", resolved: !resolved })}
          >
            {resolved ? <RotateCcwIcon size={14} /> : <CheckIcon size={14} />}
            {resolved ? t("comments.reopen") : t("comments.resolve")}
          </button>
        )}
        <button type="button" className={css.iconButton} aria-label={t("comments.close")} onClick={onClose}>
          <XIcon size={16} />
        </button>
      </header>
      {phase === "loading" ? (
        <div className={css.center}>
          <Spinner size={20} label={t("comments.loading")} />
        </div>
      ) : phase === "error" ? (
        <div className={css.center} role="alert">
          <p>{t("comments.failed")}</p>
          <p>{notice.text(error)}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: "thread.retry" })}>
            {t("comments.retry")}
          </Button>
        </div>
      ) : (
        thread !== null && (
          <>
            <div ref={body} className={css.body} data-testid="thread-replies">
              <ThreadEntry
                first
                author={thread.author}
                email={thread.user_email}
                at={thread.created_at}
                message={thread.comment}
                me={me}
                testId="thread-comment"
              />
              {replies.length === 0 && <p className={css.empty}>{t("comments.noReplies")}</p>}
              {replies.map((reply) => {
                const may = mayChange(reply, me, moderator)
                const editing = target === reply.id && (step === "editing" || step === "saving")
                return (
                  <ThreadEntry
                    key={reply.id}
                    author={reply.author}
                    email={reply.user_email}
                    at={reply.created_at}
                    message={reply.message}
                    edited={reply.edited_at !== null}
                    me={me}
                    testId="thread-reply"
                    onEdit={may.edit && step === "idle" ? () => actor.send({ type: "thread.edit", replyId: reply.id }) : undefined}
                    onDelete={may.remove && step === "idle" ? () => actor.send({ type: "thread.delete", replyId: reply.id }) : undefined}
                    editor={
                      editing ? (
                        <div className={css.editBox}>
                          <ChatComposer
                            members={members}
                            me={me}
                            initial={reply.message}
                            label={t("comments.editLabel")}
                            sendLabel={t("comments.save")}
                            testId="thread-edit-input"
                            hint={false}
                            autoFocus
                            onCancel={() => actor.send({ type: "thread.cancel" })}
                            onSend={(text, mentions) => actor.send({ type: "thread.save", text, mentions })}
                          />
                        </div>
                      ) : undefined
                    }
                  />
                )
              })}
              {outgoing !== null && step === "replying" && <p className={css.empty}>{t("comments.sending")}</p>}
            </div>
            {error !== null && (
              <div className={css.errorLine} role="alert">
                {outgoing !== null && step === "idle" ? t("comments.sendFailed") : `${t("comments.actionFailed")} ${notice.text(error)}`}
                {outgoing !== null && step === "idle" ? (
                  <button
                    type="button"
                    className={css.textButton}
                    onClick={() => actor.send({ type: "thread.reply", text: outgoing.text, mentions: outgoing.mentions })}
                  >
                    {t("comments.sendAgain")}
                  </button>
                ) : (
                  <button type="button" className={css.textButton} onClick={() => actor.send({ type: "thread.dismiss" })}>
                    {t("comments.dismiss")}
                  </button>
                )}
              </div>
            )}
            <div className={css.foot}>
              {canWrite ? (
                <ChatComposer
                  members={members}
                  me={me}
                  placeholder={t("comments.replyPlaceholder")}
                  label={t("comments.replyLabel")}
                  sendLabel={t("comments.reply")}
                  testId="thread-reply-input"
                  hint={false}
                  onSend={(text, mentions) => actor.send({ type: "thread.reply", text, mentions })}
                />
              ) : (
                <p className={css.readOnly}>{t("comments.readOnly")}</p>
              )}
            </div>
          </>
        )
      )}
    </section>
  )
}
