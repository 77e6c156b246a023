// A slide that does not exist, is not shared with the asker, or is a folder: the app's error page
// (the 404's circle, title and actions) inside the frame, so the sidebar and header stay. A visitor
// without a session is sent to sign in with the slide kept (return-to.ts), since the slide may be
// theirs to see once signed in: a colleague's link never ends on a 404.
import { Redirect } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { signInPathFor } from "../../machines/auth/return-to.ts"
import { links, splitLocale } from "../../contract/routes.ts"
import { ArrowLeftIcon, LinkButton } from "../ui/index.ts"
import * as css from "./SlideMissing.css.ts"

export const SlideMissing = ({ signedIn }: { readonly signedIn: boolean }) => {
  const t = useT()
  const { localePath } = useLocale()
  if (!signedIn) {
    const { pathname, search, hash } = window.location
    return <Redirect to={localePath(signInPathFor(`${splitLocale(pathname).path}${search}${hash}`))} replace />
  }
  return (
    <div className={css.root} data-testid="slide-missing">
      <div className={css.field} aria-hidden="true">
        <span className={css.code}>{t("viewer.missing.code")}</span>
      </div>
      <h1 className={css.title}>{t("viewer.missing.title")}</h1>
      <p className={css.body}>{t("viewer.missing.body")}</p>
      <div className={css.actions}>
        <LinkButton href={localePath(links.labs())} size="lg" iconStart={<ArrowLeftIcon size={16} />}>
          {t("viewer.missing.back")}
        </LinkButton>
      </div>
    </div>
  )
}
