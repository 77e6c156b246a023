// The invite box: a tags-style email input with suggestions, the role for the people chosen (reviewer
// by default) and the Invite button. Keys: Enter or comma adds what is typed (or picks the highlighted
// suggestion), arrows move through suggestions, Backspace on an empty input removes the last tag,
// Escape closes the suggestions.
import { useSelector } from "@xstate/react"
import { type KeyboardEvent, useId, useRef, useState } from "react"
import type { ActorRefFrom } from "xstate"
import { type MemberRole, SUGGEST_MIN_CHARS } from "../../contract/members.ts"
import { useT } from "../../i18n/index.ts"
import type { inviteMachine } from "../../machines/members/invite.machine.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Button, ChevronDownIcon, FieldError, XIcon } from "../ui/index.ts"
import * as field from "../ui/Field.css.ts"
import * as css from "./MemberDialog.css.ts"
import { Suggestions } from "./Suggestions.tsx"

export type InviteActor = ActorRefFrom<typeof inviteMachine>

const roles: ReadonlyArray<MemberRole> = ["reviewer", "admin"]

export const InviteBox = ({ invite }: { readonly invite: InviteActor }) => {
  const t = useT()
  const { text } = useNoticeText()
  const inputId = useId()
  const listId = useId()
  const errorId = useId()
  const input = useRef<HTMLInputElement>(null)
  const { query, invitees, suggestions, error, role } = useSelector(invite, (s) => s.context)
  const searching = useSelector(invite, (s) => !s.matches({ suggest: "idle" }))
  const sending = useSelector(invite, (s) => s.hasTag("busy"))
  const [focused, setFocused] = useState(false)
  const [active, setActive] = useState(0)

  const open = focused && query.trim().length >= SUGGEST_MIN_CHARS
  // A new list of suggestions may be shorter than the highlighted position.
  const index = active < suggestions.length ? active : 0
  const highlighted = open ? suggestions[index] : undefined

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return
      event.preventDefault()
      const step = event.key === "ArrowDown" ? 1 : -1
      setActive((index + step + suggestions.length) % suggestions.length)
    } else if (event.key === "Enter") {
      event.preventDefault()
      invite.send(highlighted ? { type: "invite.pick", user: highlighted } : { type: "invite.add" })
      setActive(0)
    } else if (event.key === ",") {
      event.preventDefault()
      invite.send({ type: "invite.add" })
    } else if (event.key === "Backspace" && query === "" && invitees.length > 0) {
      invite.send({ type: "invite.remove", email: invitees[invitees.length - 1]!.email })
    } else if (event.key === "Escape" && open) {
      // Closes the suggestions, not the dialog.
      event.preventDefault()
      event.stopPropagation()
      setFocused(false)
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className={field.label} style={{ display: "block", marginBottom: 6 }}>
        {t("members.invite.label")}
      </label>
      <div className={css.inviteRow}>
        <div className={css.tagsField}>
          <div className={css.tags} data-invalid={error !== null} onClick={() => input.current?.focus()}>
            {invitees.map((invitee) => (
              <span key={invitee.email} className={css.tag} data-testid="invite-tag">
                <span className={css.tagText} title={invitee.email}>
                  {invitee.name ?? invitee.email}
                </span>
                <button
                  type="button"
                  className={css.tagRemove}
                  aria-label={t("members.invite.remove", { email: invitee.email })}
                  onClick={() => invite.send({ type: "invite.remove", email: invitee.email })}
                >
                  <XIcon size={12} />
                </button>
              </span>
            ))}
            <input
              ref={input}
              id={inputId}
              // The box appears once the viewer's role is known, just after the dialog opened: the
              // dialog's own first-field focus has already passed, so it takes focus itself.
              // biome-ignore lint/a11y/noAutofocus: the dialog was opened to invite; this is its first field.
              autoFocus
              className={css.tagInput}
              type="text"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={highlighted ? `${listId}-${highlighted.id}` : undefined}
              aria-invalid={error !== null || undefined}
              aria-describedby={error !== null ? errorId : undefined}
              placeholder={invitees.length === 0 ? t("members.invite.placeholder") : ""}
              value={query}
              onChange={(event) => invite.send({ type: "invite.type", text: event.target.value })}
              onKeyDown={onKeyDown}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
            />
          </div>
          {open && (
            <Suggestions
              id={listId}
              query={query}
              suggestions={suggestions}
              active={index}
              searching={searching}
              onHover={setActive}
              onPick={(user) => invite.send({ type: "invite.pick", user })}
            />
          )}
        </div>
        <div className={css.selectWrap}>
          <label htmlFor={`${inputId}-role`} className={visuallyHidden}>
            {t("members.invite.role")}
          </label>
          <select
            id={`${inputId}-role`}
            className={css.roleSelect}
            value={role}
            onChange={(event) => invite.send({ type: "invite.role", role: event.target.value as MemberRole })}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`members.roles.${r}`)}
              </option>
            ))}
          </select>
          <ChevronDownIcon size={14} className={css.selectChevron} />
        </div>
        <Button onClick={() => invite.send({ type: "invite.submit" })} loading={sending}>
          {t("members.invite.submit")}
        </Button>
      </div>
      {error !== null && (
        <div className={css.fieldNote}>
          <FieldError id={errorId}>{text(error)}</FieldError>
        </div>
      )}
    </div>
  )
}
