// A slide that does not exist, is not shared with the asker, or is a folder: the app's error page
// (the 404's circle, title and actions) inside the frame, so the sidebar and header stay. A visitor
// without a session is offered to sign in, since the slide may be theirs to see once signed in.
import { useLocale, useT } from "../../i18n/index.ts"
import { ArrowLeftIcon, LinkButton } from "../ui/index.ts"
import * as css from "./SlideMissing.css.ts"

export const SlideMissing = ({ signedIn }: { readonly signedIn: boolean }) => {
  const t = useT()
  const { localePath } = useLocale()
  return (
    <div className={css.root} data-testid="slide-missing">
      <div className={css.field} aria-hidden="true">
        <span className={css.code}>{t("viewer.missing.code")}</span>
      </div>
      <h1 className={css.title}>{t("viewer.missing.title")}</h1>
      <p className={css.body}>{t("viewer.missing.body")}</p>
      <div className={css.actions}>
        {signedIn ? (
          <LinkButton href={localePath("/dashboard/labs")} size="lg" iconStart={<ArrowLeftIcon size={16} />}>
            {t("viewer.missing.back")}
          </LinkButton>
        ) : (
          <LinkButton href={localePath("/login")} size="lg">
            {t("viewer.missing.signIn")}
          </LinkButton>
        )}
      </div>
    </div>
  )
}
