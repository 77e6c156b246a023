// The chat tab's name with the slide's unread count beside it, read out as part of the name.
import { useSelector } from "@xstate/react"
import { useT } from "../../../i18n/index.ts"
import { visuallyHidden } from "../../theme/utilities.css.ts"
import * as css from "./chat.css.ts"
import type { ChatActor } from "./useSlideChat.ts"

export const ChatTabLabel = ({ chat }: { readonly chat: ChatActor }) => {
  const t = useT()
  const unread = useSelector(chat, (s) => s.context.unread)
  return (
    <>
      {t("viewer.chat.tab")}
      {unread > 0 && (
        <span className={css.badge} data-testid="chat-unread">
          <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
          <span className={visuallyHidden}>{t("viewer.chat.unread", { count: unread })}</span>
        </span>
      )}
    </>
  )
}
