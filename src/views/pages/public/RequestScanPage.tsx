// /request-scan: what the slide-scanning service is and how it works. The multi-step request form
// arrives with its own issue; until then the page says so and offers the WhatsApp contact instead of
// a form that would not be sent anywhere.
import { Link } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { whatsappUrl } from "../../contact.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import * as mk from "../../public/marketing.css.ts"
import { Steps } from "../../public/Steps.tsx"
import { Alert, buttonClassName, Card, CheckCircleIcon, ScanIcon, WhatsAppIcon } from "../../ui/index.ts"
import * as css from "./RequestScanPage.css.ts"

const prepareKeys = ["count", "diagnosis", "section", "stain", "magnification", "notes", "returnSlides"] as const
const stepKeys = ["one", "two", "three", "four"] as const

export default function RequestScanPage() {
  const t = useT()
  const { localePath } = useLocale()
  useDocumentMeta(t("public.requestScan.metaTitle"))
  return (
    <>
      <section className={css.hero}>
        <div className={mk.container}>
          <div className={css.heroInner}>
            <span className={mk.eyebrow} style={{ alignSelf: "flex-start" }}>
              <ScanIcon size={14} />
              {t("public.requestScan.eyebrow")}
            </span>
            <h1 className={mk.h2} style={{ fontSize: 40 }}>
              {t("public.requestScan.title")}
            </h1>
            <p className={mk.lead}>{t("public.requestScan.lead")}</p>
          </div>
          <Alert
            kind="info"
            className={css.notice}
            title={t("public.requestScan.noticeTitle")}
            action={
              <a
                href={whatsappUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName({ variant: "primary", size: "sm" })}
              >
                <WhatsAppIcon size={16} />
                {t("public.requestScan.contact")}
              </a>
            }
          >
            {t("public.requestScan.noticeBody")}
          </Alert>
        </div>
      </section>
      <section className={mk.section}>
        <div className={mk.container}>
          <div className={css.grid}>
            <div>
              <div className={mk.sectionHead} style={{ marginBottom: 32 }}>
                <h2 className={mk.h2} style={{ fontSize: 26 }}>
                  {t("public.requestScan.stepsTitle")}
                </h2>
              </div>
              <Steps
                columns={2}
                items={stepKeys.map((key) => ({
                  title: t(`public.requestScan.steps.${key}Title`),
                  body: t(`public.requestScan.steps.${key}Body`)
                }))}
              />
            </div>
            <Card title={t("public.requestScan.prepareTitle")} padding="md">
              <ul className={css.list}>
                {prepareKeys.map((key) => (
                  <li key={key} className={css.listItem}>
                    <span className={css.listIcon}>
                      <CheckCircleIcon size={16} />
                    </span>
                    {t(`public.requestScan.prepare.${key}`)}
                  </li>
                ))}
              </ul>
              <p className={css.hint}>
                {t("public.requestScan.signInHint")} <Link href={localePath("/login")}>{t("public.requestScan.signIn")}</Link>
              </p>
            </Card>
          </div>
        </div>
      </section>
    </>
  )
}
