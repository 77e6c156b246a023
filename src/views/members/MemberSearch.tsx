// The member dialog's search form: submitting reads the list again for that text.
import { type FormEvent, useState } from "react"
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Button, cx, SearchIcon, XIcon } from "../ui/index.ts"
import * as field from "../ui/Field.css.ts"
import * as css from "./MemberDialog.css.ts"

export const MemberSearch = ({ active, onSearch }: { readonly active: string; readonly onSearch: (text: string) => void }) => {
  const t = useT()
  const [text, setText] = useState(active)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(text)
  }
  return (
    <form className={css.search} onSubmit={submit} aria-label={t("members.search.label")}>
      <div className={css.searchField}>
        <label htmlFor="member-search" className={visuallyHidden}>
          {t("members.search.label")}
        </label>
        <SearchIcon size={16} className={css.searchIcon} />
        <input
          id="member-search"
          type="search"
          className={cx(field.input, css.searchInput)}
          placeholder={t("members.search.placeholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {active !== "" ? (
        <Button
          variant="secondary"
          iconStart={<XIcon size={14} />}
          onClick={() => {
            setText("")
            onSearch("")
          }}
        >
          {t("members.search.clear")}
        </Button>
      ) : (
        <Button type="submit" variant="secondary">
          {t("members.search.submit")}
        </Button>
      )}
    </form>
  )
}
