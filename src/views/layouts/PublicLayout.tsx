// Public pages (landing, terms, request-scan): a top bar with the product's sections, language and
// sign-in actions, and a footer with the terms in both languages. At or below 960 px the sections (and
// below 576 px the account actions too) move into a menu, so the bar never runs off a phone's screen.
import type { ReactNode } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { whatsappUrl } from "../contact.ts"
import { useSession } from "../session.tsx"
import { LanguageMenu } from "../shell/LanguageMenu.tsx"
import { useNarrow } from "../shell/useNarrow.ts"
import { type DropdownItem, DropdownMenu, LinkButton, Logo, MenuIcon } from "../ui/index.ts"
import * as css from "./PublicLayout.css.ts"
import { links } from "../../contract/routes.ts"

export const PublicLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  const { localePath } = useLocale()
  const { status } = useSession()
  const narrow = useNarrow()
  const go = (href: string) => () => window.location.assign(href)
  const menu: DropdownItem[] = [
    { id: "features", label: t("shell.public.features"), onSelect: go(`${localePath("/")}#features`) },
    { id: "how", label: t("shell.public.how"), onSelect: go(`${localePath("/")}#how`) },
    { id: "scanning", label: t("shell.public.scanning"), href: localePath("/request-scan") },
    ...(status === "signedIn"
      ? [{ id: "dashboard", label: t("common.goToDashboard"), href: localePath(links.labs()) }]
      : [
          { id: "signIn", label: t("common.signIn"), href: localePath("/login") },
          { id: "register", label: t("common.createAccount"), href: localePath("/register") }
        ])
  ]
  return (
    <div className={css.root}>
      <header className={css.bar}>
        <div className={css.barInner}>
          <Link href={localePath("/")} className={css.logo} aria-label={t("common.appName")}>
            <Logo size={28} />
          </Link>
          <nav aria-label={t("shell.public.nav")} className={css.sections}>
            <ul className={css.links}>
              <li>
                <a href={`${localePath("/")}#features`} className={css.link}>
                  {t("shell.public.features")}
                </a>
              </li>
              <li>
                <a href={`${localePath("/")}#how`} className={css.link}>
                  {t("shell.public.how")}
                </a>
              </li>
              <li>
                <Link href={localePath("/request-scan")} className={css.link}>
                  {t("shell.public.scanning")}
                </Link>
              </li>
            </ul>
          </nav>
          <span className={css.spacer} />
          <div className={css.actions}>
            <LanguageMenu />
            {status === "signedIn" ? (
              <LinkButton href={localePath(links.labs())} size="sm" className={css.hidePhone}>
                {t("common.goToDashboard")}
              </LinkButton>
            ) : (
              <>
                <LinkButton href={localePath("/login")} variant="ghost" size="sm" className={css.hideNarrow}>
                  {t("common.signIn")}
                </LinkButton>
                <LinkButton href={localePath("/register")} size="sm" className={css.hidePhone}>
                  {t("common.createAccount")}
                </LinkButton>
              </>
            )}
            {narrow && (
              <DropdownMenu
                align="end"
                label={t("shell.public.nav")}
                minWidth={220}
                items={menu}
                trigger={(props) => (
                  <button type="button" {...props} className={css.menuTrigger} data-testid="public-menu">
                    <MenuIcon size={18} />
                    <span>{t("shell.public.menu")}</span>
                  </button>
                )}
              />
            )}
          </div>
        </div>
      </header>
      <main className={css.main}>{children}</main>
      <footer className={css.footer}>
        <div className={css.footerInner}>
          <span>{t("shell.public.rights", { year: new Date().getFullYear() })}</span>
          <ul className={css.footerLinks}>
            <li>
              <Link href={localePath("/request-scan")} className={css.footerLink}>
                {t("shell.public.requestScan")}
              </Link>
            </li>
            <li>
              <Link href="/eula" className={css.footerLink} hrefLang="en">
                {t("shell.public.terms")}
              </Link>
            </li>
            <li>
              <Link href="/id/eula-bahasa" className={css.footerLink} hrefLang="id">
                {t("shell.public.termsBahasa")}
              </Link>
            </li>
            <li>
              <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={css.footerLink}>
                {t("shell.contact.short")}
              </a>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  )
}
