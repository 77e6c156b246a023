// The public home page: what Preparat does for pathology labs today (only what a user can do now:
// tests/e2e/landing-claims.test.ts opens each), how work flows, the scanning service, and the way in
// (create an account / sign in). Title and meta description
// follow the current language.
import type { ComponentType } from "react"
import { useLocale, useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { MicroscopyMotif } from "../../layouts/MicroscopyMotif.tsx"
import { HeroIllustration } from "../../public/HeroIllustration.tsx"
import * as mk from "../../public/marketing.css.ts"
import { Steps } from "../../public/Steps.tsx"
import { useSession } from "../../session.tsx"
import {
  ArrowRightIcon,
  cx,
  FolderIcon,
  type IconProps,
  FileTextIcon,
  LinkButton,
  MessageIcon,
  MicroscopeIcon,
  PenIcon,
  ShareIcon
} from "../../ui/index.ts"
import * as css from "./LandingPage.css.ts"
import type { KeyPart } from "../../../i18n/keys.ts"
import { links } from "../../../contract/routes.ts"

const features: ReadonlyArray<{ key: KeyPart<"public.landing.features", "Title">; icon: ComponentType<IconProps> }> = [
  { key: "viewer", icon: MicroscopeIcon },
  { key: "organise", icon: FolderIcon },
  { key: "annotate", icon: PenIcon },
  { key: "discuss", icon: MessageIcon },
  { key: "interchange", icon: FileTextIcon },
  { key: "share", icon: ShareIcon }
]

const stepKeys = ["one", "two", "three", "four"] as const

export default function LandingPage() {
  const t = useT()
  const { localePath } = useLocale()
  const { status } = useSession()
  useDocumentMeta(t("public.landing.metaTitle"), t("public.landing.metaDescription"))
  const signedIn = status === "signedIn"

  const primary = signedIn ? (
    <LinkButton href={localePath(links.labs())} size="lg" iconEnd={<ArrowRightIcon size={16} />}>
      {t("public.landing.dashboardCta")}
    </LinkButton>
  ) : (
    <LinkButton href={localePath("/register")} size="lg" iconEnd={<ArrowRightIcon size={16} />}>
      {t("public.landing.primaryCta")}
    </LinkButton>
  )

  return (
    <>
      <section className={css.hero}>
        <div className={cx(mk.container, css.heroGrid)}>
          <div className={css.heroCopy}>
            <span className={mk.eyebrow}>
              <MicroscopeIcon size={14} />
              {t("public.landing.eyebrow")}
            </span>
            <h1 className={mk.h1}>{t("public.landing.title")}</h1>
            <p className={mk.lead}>{t("public.landing.lead")}</p>
            <div className={css.ctas}>
              {primary}
              {!signedIn && (
                <LinkButton href={localePath("/login")} variant="secondary" size="lg">
                  {t("public.landing.secondaryCta")}
                </LinkButton>
              )}
            </div>
            <p className={css.ctaNote}>{t("public.landing.ctaNote")}</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section id="features" className={cx(mk.section, mk.tinted)}>
        <div className={mk.container}>
          <div className={mk.sectionHead}>
            <h2 className={mk.h2}>{t("public.landing.featuresTitle")}</h2>
            <p className={mk.muted}>{t("public.landing.featuresLead")}</p>
          </div>
          <div className={css.features}>
            {features.map(({ key, icon: Icon }) => (
              <article key={key} className={css.feature}>
                <span className={css.featureIcon}>
                  <Icon size={20} />
                </span>
                <h3 className={css.featureTitle}>{t(`public.landing.features.${key}Title`)}</h3>
                <p className={css.featureBody}>{t(`public.landing.features.${key}Body`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="how" className={mk.section}>
        <div className={mk.container}>
          <div className={mk.sectionHead}>
            <h2 className={mk.h2}>{t("public.landing.stepsTitle")}</h2>
          </div>
          <Steps
            items={stepKeys.map((key) => ({ title: t(`public.landing.steps.${key}Title`), body: t(`public.landing.steps.${key}Body`) }))}
          />
        </div>
      </section>

      <section className={mk.section}>
        <div className={mk.container}>
          <div className={css.band}>
            <MicroscopyMotif className={css.bandMotif} />
            <div className={css.bandCopy}>
              <h2 className={css.bandTitle}>{t("public.landing.scanTitle")}</h2>
              <p className={css.bandBody}>{t("public.landing.scanBody")}</p>
            </div>
            <LinkButton
              href={localePath("/request-scan")}
              variant="secondary"
              size="lg"
              className={css.bandButton}
              iconEnd={<ArrowRightIcon size={16} />}
            >
              {t("public.landing.scanCta")}
            </LinkButton>
          </div>
        </div>
      </section>

      <section className={mk.section} style={{ paddingTop: 0 }}>
        <div className={cx(mk.narrow, css.final)}>
          <h2 className={mk.h2}>{t("public.landing.finalTitle")}</h2>
          <p className={mk.muted}>{t("public.landing.finalBody")}</p>
          <div className={css.ctas}>{primary}</div>
        </div>
      </section>
    </>
  )
}
