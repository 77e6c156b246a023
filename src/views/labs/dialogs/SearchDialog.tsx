// Search labs: a lab name; searching opens /dashboard/labs?search=…
import { useId, useState } from "react"
import { useT } from "../../../i18n/index.ts"
import { Button, Dialog, SearchIcon, TextField } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"

export const SearchDialog = ({
  initial,
  onSearch,
  onClose
}: {
  readonly initial: string
  readonly onSearch: (query: string) => void
  readonly onClose: () => void
}) => {
  const t = useT()
  const formId = useId()
  const [query, setQuery] = useState(initial)
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("labs.search.title")}
      description={t("labs.search.description")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} iconStart={<SearchIcon size={16} />} disabled={query.trim() === ""}>
            {t("labs.search.submit")}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={css.form}
        onSubmit={(event) => {
          event.preventDefault()
          onSearch(query)
        }}
      >
        <TextField
          label={t("labs.search.name")}
          name="search"
          type="search"
          autoComplete="off"
          placeholder={t("labs.search.placeholder")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
    </Dialog>
  )
}
