// /request-scan: asking the lab to scan physical slides, for visitors and signed-in users alike. The
// wizard waits until the session is known, since a signed-in user's account is the contact; beside
// it, how the service works and the way to one's own requests (or to sign in first).
import { Link } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import * as mk from "../../public/marketing.css.ts"
import { Steps } from "../../public/Steps.tsx"
import { ScanWizard } from "../../scan/ScanWizard.tsx"
import { useSession } from "../../session.tsx"
import { buttonClassName, Card, ScanIcon, Skeleton } from "../../ui/index.ts"
import * as css from "./RequestScanPage.css.ts"
import { links } from "../../../contract/routes.ts"

const stepKeys = ["one", "two", "three", "four"] as const

export default function RequestScanPage() {
  const t = useT()
  const { localePath } = useLocale()
  const { status, user } = useSession()
  useDocumentMeta(t("public.requestScan.metaTitle"))
  const account = status === "signedIn" && user !== null ? { name: user.name, email: user.email } : null
  return (
    <>
      <section className={css.hero}>
        <div className={mk.container}>
          <div className={css.heroInner}>
            <span className={mk.eyebrow} style={{ alignSelf: "flex-start" }}>
              <ScanIcon size={14} />
              {t("public.requestScan.eyebrow")}
            </span>
            <h1 className={css.title}>{t("public.requestScan.title")}</h1>
            <p className={mk.lead}>{t("public.requestScan.lead")}</p>
          </div>
        </div>
      </section>
      <section className={css.body}>
        <div className={mk.container}>
          <div className={css.grid}>
            <div className={css.main}>
              {status === "unknown" ? (
                <Skeleton height={420} radius={16} />
              ) : (
                // A new wizard when the session changes: the contact step depends on it.
                <ScanWizard key={account?.email ?? "visitor"} account={account} />
              )}
            </div>
            <aside className={css.aside} aria-label={t("public.requestScan.stepsTitle")}>
              {account !== null ? (
                <Card title={t("public.requestScan.aside.mineTitle")} padding="md">
                  <p className={css.hint}>{t("public.requestScan.aside.mineBody")}</p>
                  <Link href={localePath(links.settings.scanRequests())} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                    {t("public.requestScan.aside.mineLink")}
                  </Link>
                </Card>
              ) : status === "signedOut" ? (
                <Card title={t("public.requestScan.aside.visitorTitle")} padding="md">
                  <p className={css.hint}>{t("public.requestScan.aside.visitorBody")}</p>
                  <Link
                    href={localePath(`/login?next=${encodeURIComponent("/request-scan")}`)}
                    className={buttonClassName({ variant: "secondary", size: "sm" })}
                  >
                    {t("public.requestScan.aside.signIn")}
                  </Link>
                </Card>
              ) : null}
              <div>
                <h2 className={css.asideTitle}>{t("public.requestScan.stepsTitle")}</h2>
                <Steps
                  columns={1}
                  items={stepKeys.map((key) => ({
                    title: t(`public.requestScan.steps.${key}Title`),
                    body: t(`public.requestScan.steps.${key}Body`)
                  }))}
                />
              </div>
            </aside>
          </div>
        </div>
      </section>
    </>
  )
}
