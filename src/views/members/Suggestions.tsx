// The invite box's suggestion list (a listbox under the combobox input). Options are picked on
// mousedown so the input keeps focus; what to do when no one matches is said in words.
import type { UserSuggestion } from "../../contract/members.ts"
import { useT } from "../../i18n/index.ts"
import { hasTypedEmails } from "../../machines/members/rules.ts"
import { Avatar, Spinner } from "../ui/index.ts"
import * as css from "./MemberDialog.css.ts"

export interface SuggestionsProps {
  readonly id: string
  readonly query: string
  readonly suggestions: ReadonlyArray<UserSuggestion>
  readonly active: number
  readonly searching: boolean
  readonly onHover: (index: number) => void
  readonly onPick: (user: UserSuggestion) => void
}

export const Suggestions = ({ id, query, suggestions, active, searching, onHover, onPick }: SuggestionsProps) => {
  const t = useT()
  return (
    <div className={css.suggestions} data-testid="invite-suggestions">
      {suggestions.length > 0 && (
        <div className={css.suggestionsTitle} aria-hidden="true">
          {t("members.invite.suggestions")}
        </div>
      )}
      <div id={id} role="listbox" aria-label={t("members.invite.suggestions")}>
        {suggestions.map((user, index) => (
          <div
            key={user.id}
            id={`${id}-${user.id}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={css.option}
            onMouseDown={(event) => {
              event.preventDefault()
              onPick(user)
            }}
            onMouseEnter={() => onHover(index)}
          >
            <Avatar name={user.name || user.email} src={user.avatar} size={28} />
            <span className={css.who}>
              <span className={css.name}>
                <span className={css.nameText}>{user.name || user.email}</span>
              </span>
              <span className={css.email}>
                <span className={css.emailText}>{user.email}</span>
              </span>
            </span>
          </div>
        ))}
      </div>
      {suggestions.length === 0 && (
        <div className={css.optionNote} role="status">
          {searching ? (
            <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
              <Spinner size={14} /> {t("members.invite.searching")}
            </span>
          ) : hasTypedEmails(query) ? (
            t("members.invite.noMatch", { email: query.trim() })
          ) : (
            t("members.invite.keepTyping")
          )}
        </div>
      )}
    </div>
  )
}
