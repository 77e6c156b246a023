// The public home page: what Preparat does for pathology labs today (only what a user can do now:
// tests/e2e/landing-claims.test.ts opens each), how work flows, the scanning service, and the way in
// (create an account / sign in). Title and meta description
// follow the current language.
import { type ComponentType, useId } from "react"
import { Link } from "wouter"
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
  ShareIcon,
  SparklesIcon,
  UploadIcon
} from "../../ui/index.ts"
import * as css from "./LandingPage.css.ts"
import type { KeyPart } from "../../../i18n/keys.ts"
import { links, type SlideFeature } from "../../../contract/routes.ts"
import { signInPathFor } from "../../../machines/auth/return-to.ts"

interface Feature {
  readonly key: KeyPart<"public.landing.features", "Title">
  readonly icon: ComponentType<IconProps>
  /**
   * Where the feature is used: the features of a slide open the user's last slide (on the side-panel
   * tab they live in, see OpenFeaturePage); folders and sharing are the labs workspace's. There is no
   * public demo slide to show a visitor instead, so a visitor is taken to sign in and from there to
   * this place.
   */
  readonly to: string
  /** Whether the link opens a slide ("Open your last slide") or the labs ("Open your labs"). */
  readonly onSlide: boolean
}

const onSlide = (key: SlideFeature, icon: ComponentType<IconProps>): Feature => ({ key, icon, to: links.openFeature(key), onSlide: true })
const inLabs = (key: Feature["key"], icon: ComponentType<IconProps>): Feature => ({ key, icon, to: links.labs(), onSlide: false })

const features: ReadonlyArray<Feature> = [
  onSlide("viewer", MicroscopeIcon),
  inLabs("organise", FolderIcon),
  onSlide("annotate", PenIcon),
  onSlide("discuss", MessageIcon),
  onSlide("interchange", FileTextIcon),
  inLabs("share", ShareIcon),
  onSlide("analyse", SparklesIcon),
  inLabs("formats", UploadIcon)
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
            {features.map((feature) => (
              <FeatureCard key={feature.key} feature={feature} signedIn={signedIn} />
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

/** A feature and the way to where it is used: straight there when signed in, through sign-in otherwise. */
const FeatureCard = ({
  feature: { key, icon: Icon, to, onSlide },
  signedIn
}: {
  readonly feature: Feature
  readonly signedIn: boolean
}) => {
  const t = useT()
  const { localePath } = useLocale()
  const titleId = useId()
  return (
    <article className={css.feature} aria-labelledby={titleId}>
      <span className={css.featureIcon}>
        <Icon size={20} />
      </span>
      <h3 id={titleId} className={css.featureTitle}>
        {t(`public.landing.features.${key}Title`)}
      </h3>
      <p className={css.featureBody}>{t(`public.landing.features.${key}Body`)}</p>
      {/* The feature's name goes with the link's words, so a list of links still says which is which. */}
      <Link href={localePath(signedIn ? to : signInPathFor(to))} className={css.featureLink} aria-describedby={titleId}>
        {t(!signedIn ? "public.landing.featureSignIn" : onSlide ? "public.landing.featureOpenSlide" : "public.landing.featureOpen")}
        <ArrowRightIcon size={14} />
      </Link>
    </article>
  )
}
