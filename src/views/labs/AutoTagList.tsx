// A slide's auto tags (paid plans; server/ai/tagging) as small pills: its stain family and
// magnification, then its share of tissue, named in the page's language. The ids are the
// `GET /v2/slides/list-tags/` catalogue's; one this build does not name is shown as it came.
import type { AutoTags } from "../../contract/labs.ts"
import { useT } from "../../i18n/index.ts"
import type { TranslationKey } from "../../i18n/keys.ts"
import { cx } from "../ui/index.ts"
import * as css from "./labs.css.ts"

const NAMES: Readonly<Record<string, TranslationKey>> = {
  "stain-he": "labs.autoTags.stainHe",
  "stain-ihc-dab": "labs.autoTags.stainIhcDab",
  "stain-fluorescence": "labs.autoTags.stainFluorescence",
  "stain-ttc": "labs.autoTags.stainTtc",
  "stain-grayscale": "labs.autoTags.stainGrayscale",
  "mag-40x": "labs.autoTags.mag40x",
  "mag-20x": "labs.autoTags.mag20x",
  "mag-10x": "labs.autoTags.mag10x",
  "mag-5x": "labs.autoTags.mag5x",
  "mag-low": "labs.autoTags.magLow"
}

export const AutoTagList = ({ tags, inRow = false }: { readonly tags: AutoTags | undefined; readonly inRow?: boolean }) => {
  const t = useT()
  if (tags === undefined) return null
  return (
    <ul className={cx(css.autoTags, inRow && css.autoTagsInRow)} aria-label={t("labs.autoTags.label")}>
      {tags.tags.map((id) => {
        const key = NAMES[id]
        return (
          <li key={id} className={css.autoTag}>
            {key === undefined ? id : t(key)}
          </li>
        )
      })}
      <li className={css.autoTag}>{t("labs.autoTags.tissue", { percent: tags.tissue_percent })}</li>
    </ul>
  )
}
