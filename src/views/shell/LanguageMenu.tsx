// English / Bahasa Indonesia. Choosing sets the `lang` cookie and shows the same page in that language.
import { type Locale, useLocale, useT } from "../../i18n/index.ts"
import { ChevronDownIcon, cx, DropdownMenu, GlobeIcon } from "../ui/index.ts"
import * as css from "./Header.css.ts"

const choices: ReadonlyArray<Locale> = ["en", "id"]

export const LanguageMenu = ({ outlined = false, align = "end" }: { outlined?: boolean; align?: "start" | "end" }) => {
  const t = useT()
  const { locale, setLocale } = useLocale()
  return (
    <DropdownMenu
      align={align}
      label={t("common.language")}
      minWidth={200}
      items={choices.map((choice) => ({
        id: choice,
        label: t(`common.languages.${choice}`),
        checked: choice === locale,
        onSelect: () => {
          if (choice !== locale) setLocale(choice)
        }
      }))}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          className={cx(css.langTrigger, outlined && css.langTriggerOutlined)}
          // The name starts with the code the button shows ("EN"), so a voice-control user who says
          // what they see reaches it; the rest says what it does.
          aria-label={`${locale.toUpperCase()}, ${t("shell.header.language")}: ${t(`common.languages.${locale}`)}`}
        >
          <GlobeIcon size={16} />
          <span>{locale.toUpperCase()}</span>
          <ChevronDownIcon size={14} className={css.chevron} />
        </button>
      )}
    />
  )
}
