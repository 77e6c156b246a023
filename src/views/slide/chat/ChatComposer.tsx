// Where a member writes: Enter sends, Shift+Enter starts a new line; typing `@` opens a listbox of
// the slide's members (arrow keys move, Enter or Tab picks, Escape closes), and the picked ones go
// with the message as its mentions while their name stays in the text. A comment thread uses the same
// composer for its replies and for editing one (given the reply's words, and a cancel).
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
  /** The words to start from (a reply being edited). */
  readonly initial?: string
  readonly placeholder?: string
  readonly label?: string
  readonly sendLabel?: string
  readonly testId?: string
  /** Shown as a Cancel button; Escape cancels too when no suggestions are open. */
  readonly onCancel?: () => void
  readonly autoFocus?: boolean
  /** Whether the keys hint shows below (the popover has no room for it). */
  readonly hint?: boolean
}

export const ChatComposer = ({
  members,
  me,
  onSend,
  initial = "",
  placeholder,
  label,
  sendLabel,
  testId = "chat-input",
  onCancel,
  autoFocus = false,
  hint = true
}: ChatComposerProps) => {
  const t = useT()
  const listId = useId()
  const input = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState(initial)
  const [caret, setCaret] = useState(initial.length)
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
    if (event.key === "Escape" && onCancel) {
      event.preventDefault()
      event.stopPropagation()
      onCancel()
      return
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
          placeholder={placeholder ?? t("viewer.chat.placeholder")}
          aria-label={label ?? t("viewer.chat.label")}
          // biome-ignore lint/a11y/noAutofocus: editing a reply or opening a thread to answer it starts in its text
          autoFocus={autoFocus}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(current) : undefined}
          data-testid={testId}
          onChange={(event) => edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={keys}
        />
        {onCancel && (
          <button type="button" className={css.cancel} onClick={onCancel}>
            {t("comments.cancel")}
          </button>
        )}
        <button type="button" className={css.send} disabled={text.trim() === "" || over > 0} onClick={send}>
          {sendLabel ?? t("viewer.chat.send")}
        </button>
      </div>
      {over > 0 ? (
        <p className={css.over} role="status">
          {t("viewer.chat.tooLong", { count: over })}
        </p>
      ) : (
        hint && <p className={css.hint}>{t("viewer.chat.keys")}</p>
      )}
    </div>
  )
}
