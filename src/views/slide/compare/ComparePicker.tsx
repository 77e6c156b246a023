// The picker that adds a slide to the comparison: a search by name over every slide the user can
// see, the recently opened ones before anything is typed. A slide already compared is shown but
// cannot be chosen again; a choice beyond the fourth is the machine's to refuse.
import { useState } from "react"
import { useT } from "../../../i18n/index.ts"
import { CheckIcon, Dialog, ImageIcon, PlusIcon, Spinner, TextField } from "../../ui/index.ts"
import * as css from "./ComparePicker.css.ts"
import { useSlideSearch } from "./useSlideSearch.ts"

export interface ComparePickerProps {
  readonly open: boolean
  readonly compared: ReadonlyArray<string>
  readonly onChoose: (id: string) => void
  readonly onClose: () => void
}

export const ComparePicker = ({ open, compared, onChoose, onClose }: ComparePickerProps) => {
  const t = useT()
  const [query, setQuery] = useState("")
  const search = useSlideSearch(query, open)
  return (
    <Dialog open={open} onClose={onClose} title={t("compare.picker.title")} width={520}>
      <TextField
        label={t("compare.picker.search")}
        hideLabel
        type="search"
        placeholder={t("compare.picker.search")}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <p className={css.heading}>{query.trim() === "" ? t("compare.picker.recent") : t("compare.picker.results")}</p>
      <div className={css.list} data-testid="compare-picker-list" aria-busy={search.kind === "loading"}>
        {search.kind === "loading" ? (
          <div className={css.state}>
            <Spinner size={20} label={t("compare.loading")} />
          </div>
        ) : search.kind === "failed" ? (
          <p className={css.state} role="alert">
            {t("compare.picker.failed")}
          </p>
        ) : search.slides.length === 0 ? (
          <p className={css.state}>{t("compare.picker.none")}</p>
        ) : (
          <ul className={css.items}>
            {search.slides.map((slide) => {
              const inSet = compared.includes(slide.id)
              return (
                <li key={slide.id}>
                  <button
                    type="button"
                    className={css.item}
                    disabled={inSet}
                    aria-label={inSet ? `${slide.name} · ${t("compare.picker.inSet")}` : t("compare.picker.choose", { name: slide.name })}
                    onClick={() => onChoose(slide.id)}
                  >
                    {slide.thumbnail_url ? (
                      <img className={css.thumb} src={slide.thumbnail_url} alt="" loading="lazy" />
                    ) : (
                      <span className={css.thumb}>
                        <ImageIcon size={18} />
                      </span>
                    )}
                    <span className={css.itemName}>{slide.name}</span>
                    {inSet ? <CheckIcon size={16} /> : <PlusIcon size={16} />}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
