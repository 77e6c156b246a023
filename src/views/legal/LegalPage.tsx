// Renders a legal document: contents on the side, numbered sections, a link to the other language.
import { Link } from "wouter"
import { useT } from "../../i18n/index.ts"
import { whatsappUrl } from "../contact.ts"
import { Button, GlobeIcon } from "../ui/index.ts"
import type { LegalDocument } from "./document.ts"
import * as css from "./LegalPage.css.ts"

export interface LegalPageProps {
  document: LegalDocument
  /** The same document in the other language. */
  otherHref: string
  otherLabel: string
  otherLang: "en" | "id"
}

export const LegalPage = ({ document: doc, otherHref, otherLabel, otherLang }: LegalPageProps) => {
  const t = useT()
  const updated = new Intl.DateTimeFormat(doc.lang === "id" ? "id-ID" : "en-GB", { dateStyle: "long" }).format(new Date(doc.updated))
  return (
    <div className={css.layout}>
      <nav className={css.toc} aria-label={t("public.eula.contents")}>
        <div className={css.tocTitle}>{t("public.eula.contents")}</div>
        <ol className={css.tocList}>
          {doc.sections.map((section, i) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={css.tocLink}>
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={css.article} lang={doc.lang}>
        <header className={css.head}>
          <h1 className={css.title}>{doc.title}</h1>
          <div className={css.meta}>
            <span>{t("public.eula.lastUpdated", { date: updated })}</span>
            <Link href={otherHref} hrefLang={otherLang} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
              <GlobeIcon size={14} />
              {otherLabel}
            </Link>
            <Button variant="ghost" size="sm" onClick={() => window.print()}>
              {t("public.eula.print")}
            </Button>
          </div>
        </header>
        <div className={css.intro}>
          {doc.intro.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
        {doc.sections.map((section, i) => (
          <section key={section.id} id={section.id} className={css.section}>
            <h2 className={css.sectionTitle}>
              <span className={css.number}>{i + 1}.</span>
              {section.title}
            </h2>
            {section.blocks.map((block) =>
              typeof block === "string" ? (
                <p key={block.slice(0, 48)}>{block}</p>
              ) : (
                <ul key={block.list[0]} className={css.list}>
                  {block.list.map((item) => (
                    <li key={item.slice(0, 32)}>{item}</li>
                  ))}
                </ul>
              )
            )}
          </section>
        ))}
        <p className={css.footer}>
          {t("public.eula.questions")}{" "}
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer">
            {t("shell.contact.short")}
          </a>
        </p>
      </article>
    </div>
  )
}
