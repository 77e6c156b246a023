// 404: 'Page not Found', 'This page could not be found', back to the labs page, and a contact link that
// opens a WhatsApp chat.
import { Link } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { whatsappUrl } from "../../contact.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { ArrowLeftIcon, buttonClassName, LinkButton, Logo, WhatsAppIcon } from "../../ui/index.ts"
import * as css from "./NotFoundPage.css.ts"
import { links } from "../../../contract/routes.ts"

export default function NotFoundPage() {
  const t = useT()
  const { localePath } = useLocale()
  useDocumentMeta(t("public.notFound.metaTitle"))
  return (
    <div className={css.root}>
      <header className={css.top}>
        <Link href={localePath("/")} className={css.logo} aria-label={t("common.appName")}>
          <Logo size={28} />
        </Link>
      </header>
      <main className={css.center}>
        <div className={css.field} aria-hidden="true">
          <span className={css.code}>{t("public.notFound.code")}</span>
        </div>
        <h1 className={css.title}>{t("public.notFound.title")}</h1>
        <p className={css.subtitle}>{t("public.notFound.subtitle")}</p>
        <p className={css.body}>{t("public.notFound.body")}</p>
        <div className={css.actions}>
          <LinkButton href={localePath(links.labs())} size="lg" iconStart={<ArrowLeftIcon size={16} />}>
            {t("public.notFound.back")}
          </LinkButton>
          <a
            href={whatsappUrl()}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName({ variant: "secondary", size: "lg" })}
          >
            <WhatsAppIcon size={18} />
            {t("public.notFound.contact")}
          </a>
        </div>
      </main>
    </div>
  )
}
