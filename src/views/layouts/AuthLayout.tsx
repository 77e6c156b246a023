// Sign-in, registration and account-recovery pages: a brand panel with a microscopy motif on the
// left, the page's form in a card on the right, and the language menu on top.
import type { ReactNode } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { whatsappUrl } from "../contact.ts"
import { LanguageMenu } from "../shell/LanguageMenu.tsx"
import { CheckIcon, Logo } from "../ui/index.ts"
import * as css from "./AuthLayout.css.ts"
import { MicroscopyMotif } from "./MicroscopyMotif.tsx"

export const AuthLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  return (
    <div className={css.root}>
      <section className={css.brand} aria-label={t("common.appName")}>
        <div className={css.brandGrid} aria-hidden="true" />
        <MicroscopyMotif className={css.motif} />
        <Link href={localePath("/")} className={css.brandTop} style={{ color: "#fff", textDecoration: "none" }}>
          <Logo size={32} />
        </Link>
        <div className={css.brandCopy}>
          <h2 className={css.brandTitle}>{t("shell.auth.brandTitle")}</h2>
          <p className={css.brandLead}>{t("shell.auth.brandLead")}</p>
          <ul className={css.points}>
            {(["point1", "point2", "point3"] as const).map((key) => (
              <li key={key} className={css.point}>
                <span className={css.pointIcon}>
                  <CheckIcon size={14} strokeWidth={2.25} />
                </span>
                {t(`shell.auth.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className={css.footnote}>{t("shell.auth.footnote")}</p>
      </section>
      <div className={css.formSide}>
        <header className={css.topBar}>
          <Link href={localePath("/")} className={css.mobileLogo} aria-label={t("common.appName")}>
            <Logo size={28} />
          </Link>
          <LanguageMenu outlined />
        </header>
        <main className={css.center}>
          <div className={css.card}>{children}</div>
        </main>
        <footer className={css.bottom}>
          <Link href={locale === "id" ? localePath("/eula-bahasa") : "/eula"} className={css.bottomLink}>
            {t("shell.auth.terms")}
          </Link>
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={css.bottomLink}>
            {t("shell.auth.help")}
          </a>
        </footer>
      </div>
    </div>
  )
}
