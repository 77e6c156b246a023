// The chat tab of the viewer's side panel, in two: the slide's messages and its comment threads
// ("Comments"), with the reader's mute switch for the messages (a member's own, kept on the server:
// muted, only a message that mentions them notifies them).
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useT } from "../../../i18n/index.ts"
import { BellIcon } from "../../ui/index.ts"
import { CommentsTab } from "../comments/CommentsTab.tsx"
import { ChatPanel } from "./ChatPanel.tsx"
import * as css from "./chat-tabs.css.ts"
import type { ChatActor } from "./useSlideChat.ts"

export type ChatView = "messages" | "comments"

export const ChatTabs = ({
  chat,
  me,
  labId,
  signedIn,
  initial = "messages",
  onOpenThread
}: {
  readonly chat: ChatActor
  readonly me: string | null
  readonly labId: string
  readonly signedIn: boolean
  readonly initial?: ChatView
  readonly onOpenThread: (annotationId: string) => void
}) => {
  const t = useT()
  const [view, setView] = useState<ChatView>(initial)
  const canWrite = useSelector(chat, (s) => s.context.canWrite)
  const muted = useSelector(chat, (s) => s.context.muted)
  return (
    <div className={css.root}>
      <div className={css.bar}>
        <div className={css.switcher} role="radiogroup" aria-label={t("viewer.chat.tab")}>
          {(["messages", "comments"] as const).map((name) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons, styled as one
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={view === name}
              className={css.segment}
              data-testid={`chat-view-${name}`}
              onClick={() => setView(name)}
            >
              {name === "messages" ? t("comments.messagesTab") : t("comments.tab")}
            </button>
          ))}
        </div>
        {canWrite && view === "messages" && (
          <button
            type="button"
            className={css.mute}
            aria-pressed={muted}
            data-testid="chat-mute"
            title={muted ? t("comments.mutedHint") : t("comments.mute")}
            aria-label={muted ? t("comments.unmute") : t("comments.mute")}
            onClick={() => chat.send({ type: "chat.mute", muted: !muted })}
          >
            <BellIcon size={15} />
            {muted && <span className={css.slash} aria-hidden="true" />}
          </button>
        )}
      </div>
      {muted && view === "messages" && <p className={css.mutedNote}>{t("comments.mutedHint")}</p>}
      {view === "messages" ? <ChatPanel chat={chat} me={me} /> : <CommentsTab labId={labId} signedIn={signedIn} onOpen={onOpenThread} />}
    </div>
  )
}
