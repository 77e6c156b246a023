// One entry of a comment thread: the pin's first comment or a reply, with its author's avatar,
// name and time ("edited" when changed), its words, and the reader's actions on it (edit one's own,
// delete one's own, or any as owner or admin). While edited it is the composer, with its words.
import type { ReactNode } from "react"
import type { ChatSender } from "../../../contract/chat.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { relativeTime } from "../../notifications/relative-time.ts"
import { Avatar } from "../../ui/index.ts"
import { MessageText } from "../chat/MessageText.tsx"
import * as css from "./thread.css.ts"

export interface EntryProps {
  readonly author: ChatSender | null
  readonly email: string
  readonly at: string
  readonly message: string
  readonly edited?: boolean
  readonly first?: boolean
  readonly me: string | null
  readonly testId: string
  readonly onEdit?: (() => void) | undefined
  readonly onDelete?: (() => void) | undefined
  /** The composer that replaces the words while the reply is edited. */
  readonly editor?: ReactNode
}

export const ThreadEntry = ({ author, email, at, message, edited, first, me, testId, onEdit, onDelete, editor }: EntryProps) => {
  const t = useT()
  const { locale } = useLocale()
  const name = author === null ? t("viewer.chat.deletedUser") : author.name || author.username || email
  const mine = author !== null && author.id === me
  return (
    <article className={`${css.entry} ${first ? css.first : ""}`} data-testid={testId}>
      <Avatar name={name} src={author?.avatar ?? null} size={28} />
      <div>
        <div className={css.entryHead}>
          <span className={css.author}>{mine ? `${name} (${t("viewer.chat.you")})` : name}</span>
          <time className={css.time} dateTime={at} title={new Date(at).toLocaleString(locale)}>
            {relativeTime(at, new Date(), locale)}
            {edited ? ` · ${t("comments.edited")}` : ""}
          </time>
        </div>
        {editor ?? <MessageText message={message} />}
      </div>
      {editor === undefined && (onEdit || onDelete) && (
        <div className={css.actions}>
          {onEdit && (
            <button type="button" className={css.action} onClick={onEdit}>
              {t("comments.edit")}
            </button>
          )}
          {onDelete && (
            <button type="button" className={css.action} onClick={onDelete} aria-label={t("comments.deleteReply")}>
              {t("comments.delete")}
            </button>
          )}
        </div>
      )}
    </article>
  )
}
