// The chat tab of the viewer's side panel: the slide's messages, newest at the bottom (scrolling to
// the top loads the page before), the reader's own messages on their way or failed with a retry,
// and the composer (members) or a read-only note (a public slide's visitors). It renders the chat
// actor's snapshot and sends it events; the actor lives with the slide page (useSlideChat.ts).
import { useSelector } from "@xstate/react"
import { useLayoutEffect, useMemo, useRef } from "react"
import type { ChatMessage } from "../../../contract/chat.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import type { Outgoing } from "../../../machines/chat/chat.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { relativeTime } from "../../notifications/relative-time.ts"
import { useSession } from "../../session.tsx"
import { Avatar, Button, Spinner } from "../../ui/index.ts"
import * as css from "./chat.css.ts"
import { ChatComposer } from "./ChatComposer.tsx"
import type { Mentionable } from "./mentions.ts"
import { MessageText as Text } from "./MessageText.tsx"
import type { ChatActor } from "./useSlideChat.ts"

/** How near the top (px) a scroll asks for the page before. */
const NEAR_TOP = 48

export const ChatPanel = ({ chat, me }: { readonly chat: ChatActor; readonly me: string | null }) => {
  const t = useT()
  const notice = useNoticeText()
  const messages = useSelector(chat, (s) => s.context.messages)
  const outbox = useSelector(chat, (s) => s.context.outbox)
  const phase = useSelector(chat, (s) => (typeof s.value === "string" ? s.value : "ready"))
  const hasOlder = useSelector(chat, (s) => s.context.olderCursor !== null)
  const error = useSelector(chat, (s) => s.context.error)
  const canWrite = useSelector(chat, (s) => s.context.canWrite)
  const people = useSelector(chat, (s) => s.context.members)
  const members = useMemo<ReadonlyArray<Mentionable>>(
    () => people.flatMap((m) => (m.user_id ? [{ userId: m.user_id, name: m.name || m.email, username: m.username, email: m.email }] : [])),
    [people]
  )

  // Keep the reader where they were: at the bottom when new messages come, on the same message
  // when an older page goes in above.
  const log = useRef<HTMLDivElement>(null)
  const last = useRef({ first: "", count: 0, height: 0, atBottom: true })
  useLayoutEffect(() => {
    const el = log.current
    if (el === null) return
    const first = messages[0]?.id ?? ""
    const prepended = last.current.first !== "" && first !== last.current.first && messages.length > last.current.count
    if (prepended) el.scrollTop += el.scrollHeight - last.current.height
    else if (last.current.atBottom || outbox.length > 0) el.scrollTop = el.scrollHeight
    last.current = { first, count: messages.length, height: el.scrollHeight, atBottom: last.current.atBottom }
  }, [messages, outbox])

  const scrolled = () => {
    const el = log.current
    if (el === null) return
    last.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24
    last.current.height = el.scrollHeight
    if (el.scrollTop < NEAR_TOP && hasOlder && phase === "ready") chat.send({ type: "chat.older" })
  }

  if (phase === "loading")
    return (
      <div className={css.root}>
        <div className={css.empty}>
          <Spinner size={20} label={t("viewer.chat.messages")} />
        </div>
      </div>
    )
  if (phase === "failed")
    return (
      <div className={css.root}>
        <div className={css.empty} role="alert">
          <p className={css.emptyTitle}>{t("viewer.chat.failed")}</p>
          <p>{notice.text(error)}</p>
          <Button variant="secondary" onClick={() => chat.send({ type: "chat.retry" })}>
            {t("viewer.chat.retryLoad")}
          </Button>
        </div>
      </div>
    )

  return (
    <div className={css.root} data-testid="chat-panel">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls by keyboard too */}
      <div ref={log} className={css.log} role="log" aria-label={t("viewer.chat.messages")} tabIndex={0} onScroll={scrolled}>
        {phase === "loadingOlder" && <p className={css.marker}>{t("viewer.chat.loadingOlder")}</p>}
        {error !== null && phase === "ready" && <p className={css.marker}>{t("viewer.chat.olderFailed")}</p>}
        {!hasOlder && messages.length > 0 && <p className={css.marker}>{t("viewer.chat.start")}</p>}
        {messages.length === 0 && outbox.length === 0 && (
          <div className={css.empty}>
            <p className={css.emptyTitle}>{t("viewer.chat.empty")}</p>
            {canWrite && <p>{t("viewer.chat.emptyHint")}</p>}
          </div>
        )}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} me={me} />
        ))}
        {outbox.map((outgoing) => (
          <OutgoingItem key={outgoing.localId} outgoing={outgoing} chat={chat} />
        ))}
      </div>
      {canWrite ? (
        <ChatComposer members={members} me={me} onSend={(text, mentions) => chat.send({ type: "chat.send", text, mentions })} />
      ) : (
        <p className={css.readOnly}>{t("viewer.chat.readOnly")}</p>
      )}
    </div>
  )
}

const MessageItem = ({ message, me }: { readonly message: ChatMessage; readonly me: string | null }) => {
  const t = useT()
  const { locale } = useLocale()
  const mine = message.sender !== null && message.sender.id === me
  const name = message.sender === null ? t("viewer.chat.deletedUser") : message.sender.name || message.sender.username || message.user_email
  const mentioned = me !== null && message.mentions.includes(me)
  return (
    <article
      className={`${css.item} ${mentioned ? css.mentionsMe : ""}`}
      data-testid="chat-message"
      data-mentions-me={mentioned || undefined}
    >
      <Avatar name={name} src={message.sender?.avatar ?? null} size={28} />
      <div>
        <div className={css.head}>
          <span className={css.author}>{mine ? `${name} (${t("viewer.chat.you")})` : name}</span>
          <time className={css.time} dateTime={message.created_at} title={new Date(message.created_at).toLocaleString(locale)}>
            {relativeTime(message.created_at, new Date(), locale)}
          </time>
        </div>
        <Text message={message.message} />
      </div>
    </article>
  )
}

const OutgoingItem = ({ outgoing, chat }: { readonly outgoing: Outgoing; readonly chat: ChatActor }) => {
  const t = useT()
  const { user } = useSession()
  return (
    <article className={`${css.item} ${outgoing.status === "sending" ? css.pending : ""}`} data-testid="chat-outgoing">
      <Avatar name={user?.name ?? t("viewer.chat.you")} src={user?.avatar ?? null} size={28} />
      <div>
        <div className={css.head}>
          <span className={css.author}>{t("viewer.chat.you")}</span>
          {outgoing.status === "sending" && <span className={css.time}>{t("viewer.chat.sending")}</span>}
        </div>
        <Text message={outgoing.text} />
        {outgoing.status === "failed" && (
          <div className={css.failedLine} role="alert">
            {t("errors.messageSend")}
            <button type="button" className={css.textButton} onClick={() => chat.send({ type: "chat.resend", localId: outgoing.localId })}>
              {t("viewer.chat.retry")}
            </button>
            <button type="button" className={css.textButton} onClick={() => chat.send({ type: "chat.discard", localId: outgoing.localId })}>
              {t("viewer.chat.discard")}
            </button>
          </div>
        )}
      </div>
    </article>
  )
}
