// The chat panel's "Comments" tab: the slide's comment threads (first comment, author, reply count,
// resolved or not), the most recently active first, filterable to the unresolved ones. Choosing one
// flies the viewer to its pin and opens its thread there. It runs the list's machine
// (src/machines/comments/threads.machine.ts), reloaded by every change heard on the slide.
import { useSelector } from "@xstate/react"
import { useLocale, useT } from "../../../i18n/index.ts"
import { shownThreads, threadsMachine } from "../../../machines/comments/threads.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { relativeTime } from "../../notifications/relative-time.ts"
import { Avatar, Button, CheckIcon, Spinner } from "../../ui/index.ts"
import { useActorRef } from "../../useActorRef.ts"
import * as css from "./comments-tab.css.ts"
import { useCommentChanges } from "./useCommentChanges.ts"

export const CommentsTab = ({
  labId,
  signedIn,
  onOpen
}: {
  readonly labId: string
  readonly signedIn: boolean
  readonly onOpen: (annotationId: string) => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const notice = useNoticeText()
  const actor = useActorRef(threadsMachine, { input: { labId } })
  const changed = () => actor.send({ type: "threads.changed" })
  useCommentChanges(labId, signedIn, changed, changed)
  const phase = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : "ready"))
  const all = useSelector(actor, (s) => s.context.threads)
  const only = useSelector(actor, (s) => s.context.unresolvedOnly)
  const error = useSelector(actor, (s) => s.context.error)
  const shown = shownThreads(all, only)

  return (
    <div className={css.root} data-testid="comments-tab">
      <label className={css.filter}>
        <input
          type="checkbox"
          checked={only}
          data-testid="comments-unresolved"
          onChange={(event) => actor.send({ type: "threads.filter", unresolvedOnly: event.target.checked })}
        />
        {t("comments.unresolvedOnly")}
      </label>
      {phase === "loading" ? (
        <div className={css.center}>
          <Spinner size={20} label={t("comments.listLabel")} />
        </div>
      ) : phase === "failed" ? (
        <div className={css.center} role="alert">
          <p>{t("comments.listFailed")}</p>
          <p>{notice.text(error)}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: "threads.retry" })}>
            {t("comments.retry")}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <div className={css.center}>
          <p className={css.emptyTitle}>{only && all.length > 0 ? t("comments.emptyUnresolved") : t("comments.empty")}</p>
          {!(only && all.length > 0) && <p>{t("comments.emptyHint")}</p>}
        </div>
      ) : (
        <ul className={css.list} aria-label={t("comments.listLabel")}>
          {shown.map((thread) => {
            const name = thread.author === null ? t("viewer.chat.deletedUser") : thread.author.name || thread.user_email
            return (
              <li key={thread.annotation_id}>
                <button
                  type="button"
                  className={css.row}
                  data-testid="comment-thread-row"
                  data-resolved={thread.resolved || undefined}
                  aria-label={`${t("comments.open")}: ${thread.comment}`}
                  onClick={() => onOpen(thread.annotation_id)}
                >
                  <Avatar name={name} src={thread.author?.avatar ?? null} size={28} />
                  <span className={css.main}>
                    <span className={css.line}>
                      <span className={css.author}>{name}</span>
                      <time className={css.time} dateTime={thread.last_activity_at}>
                        {relativeTime(thread.last_activity_at, new Date(), locale)}
                      </time>
                    </span>
                    <span className={css.comment}>{thread.comment}</span>
                    <span className={css.meta}>
                      <span>
                        {thread.replies_count === 0 ? t("comments.noReplies") : t("comments.replies", { count: thread.replies_count })}
                      </span>
                      {thread.resolved && (
                        <span className={css.resolved}>
                          <CheckIcon size={12} />
                          {t("comments.resolved")}
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
