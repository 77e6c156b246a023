// Where a member writes: Enter sends, Shift+Enter starts a new line; typing `@` opens a listbox of
// the slide's members (arrow keys move, Enter or Tab picks, Escape closes), and the picked ones go
// with the message as its mentions while their name stays in the text.
import { type KeyboardEvent, useId, useRef, useState } from "react"
import { CHAT_LIMITS } from "../../../contract/chat.ts"
import { useT } from "../../../i18n/index.ts"
import { Avatar } from "../../ui/index.ts"
import * as css from "./chat.css.ts"
import { insertMention, type Mentionable, mentionedIn, mentionQuery, suggestions } from "./mentions.ts"

export interface ChatComposerProps {
  readonly members: ReadonlyArray<Mentionable>
  readonly me: string | null
  readonly onSend: (text: string, mentions: ReadonlyArray<string>) => void
}

export const ChatComposer = ({ members, me, onSend }: ChatComposerProps) => {
  const t = useT()
  const listId = useId()
  const input = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState("")
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  const [closed, setClosed] = useState(false)
  const [picked, setPicked] = useState<ReadonlyArray<Mentionable>>([])

  const query = mentionQuery(text, caret)
  const options = query === null || closed ? [] : suggestions(members, query.query, me)
  const open = options.length > 0
  const current = Math.min(active, Math.max(0, options.length - 1))
  const over = text.trim().length - CHAT_LIMITS.message

  const edit = (value: string, at: number) => {
    setText(value)
    setCaret(at)
    setActive(0)
    setClosed(false)
  }

  const pick = (member: Mentionable) => {
    if (query === null) return
    const next = insertMention(text, caret, query.start, member)
    setPicked((list) => (list.some((m) => m.userId === member.userId) ? list : [...list, member]))
    edit(next.text, next.caret)
    requestAnimationFrame(() => {
      input.current?.focus()
      input.current?.setSelectionRange(next.caret, next.caret)
    })
  }

  const send = () => {
    if (text.trim() === "" || over > 0) return
    onSend(text, mentionedIn(text, picked))
    setText("")
    setCaret(0)
    setPicked([])
  }

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault()
        const step = event.key === "ArrowDown" ? 1 : options.length - 1
        setActive((current + step) % options.length)
        return
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault()
        pick(options[current]!)
        return
      }
      if (event.key === "Escape") {
        event.preventDefault()
        setClosed(true)
        return
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  const optionId = (i: number) => `${listId}-${i}`
  return (
    <div className={css.composer}>
      {open && (
        <div className={css.listbox} id={listId} role="listbox" aria-label={t("viewer.chat.mentions")}>
          {options.map((member, i) => (
            <div
              key={member.userId}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              className={css.option}
              // Picking must not take the focus from the text first.
              onMouseDown={(event) => {
                event.preventDefault()
                pick(member)
              }}
              onMouseEnter={() => setActive(i)}
            >
              <Avatar name={member.name} size={28} />
              <span>
                {member.name}
                <br />
                <span className={css.optionEmail}>{member.username ? `@${member.username}` : member.email}</span>
              </span>
            </div>
          ))}
        </div>
      )}
      <div className={css.row}>
        <textarea
          ref={input}
          className={css.input}
          rows={Math.min(5, Math.max(1, text.split("\n").length))}
          value={text}
          placeholder={t("viewer.chat.placeholder")}
          aria-label={t("viewer.chat.label")}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(current) : undefined}
          data-testid="chat-input"
          onChange={(event) => edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={keys}
        />
        <button type="button" className={css.send} disabled={text.trim() === "" || over > 0} onClick={send}>
          {t("viewer.chat.send")}
        </button>
      </div>
      {over > 0 ? (
        <p className={css.over} role="status">
          {t("viewer.chat.tooLong", { count: over })}
        </p>
      ) : (
        <p className={css.hint}>{t("viewer.chat.keys")}</p>
      )}
    </div>
  )
}
