// /dashboard/open/:feature: where a landing card's link ("Deep-zoom slide viewer", "Chat, notes and
// reports", ...) takes a signed-in user. The feature is used on a slide, so the page opens the last
// ready slide they opened, on the side-panel tab the feature asks for; with none yet, it says how to
// get one rather than leaving them in an empty viewer.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useLocation, useParams } from "wouter"
import { isSlideFeature, links, type SlideFeature, slideFeatures } from "../../../contract/routes.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { lastSlideMachine } from "../../../machines/labs/lastSlide.machine.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { Alert, Button, EmptyState, LinkButton, MicroscopeIcon, PageHeader, Spinner, UsersIcon } from "../../ui/index.ts"
import * as css from "./OpenFeaturePage.css.ts"

/** The slide's address for a feature: its side panel on the tab the feature is used in. */
const slideFor = (id: string, feature: SlideFeature): string => {
  const panel = slideFeatures[feature]
  return panel === null ? links.slide(id) : links.slidePanel(id, panel)
}

export default function OpenFeaturePage() {
  const { feature = "" } = useParams<{ feature: string }>()
  // An unknown feature (a mangled link) opens the slide itself.
  return <OpenFeature feature={isSlideFeature(feature) ? feature : "viewer"} />
}

const OpenFeature = ({ feature }: { readonly feature: SlideFeature }) => {
  const t = useT()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const actor = useActorRef(lastSlideMachine)
  const state = useSelector(actor, (s) => s.value)
  const slideId = useSelector(actor, (s) => s.context.slideId)
  const featureName = t(`public.landing.features.${feature}Title`)
  useDocumentMeta(featureName)

  useEffect(() => {
    // Replace, so Back from the slide returns to the page before the link, not to this one.
    if (slideId !== null) navigate(localePath(slideFor(slideId, feature)), { replace: true })
  }, [slideId, feature, navigate, localePath])

  return (
    <>
      <PageHeader title={featureName} />
      {state === "finding" || state === "found" ? (
        <div className={css.finding} role="status">
          <Spinner size={20} />
          {t("dashboard.openFeature.finding")}
        </div>
      ) : state === "failed" ? (
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "lastSlide.retry" })}>
              {t("dashboard.openFeature.retry")}
            </Button>
          }
        >
          {t("dashboard.openFeature.failed")}
        </Alert>
      ) : (
        <EmptyState
          icon={<MicroscopeIcon size={24} />}
          title={t("dashboard.openFeature.noneTitle")}
          description={t("dashboard.openFeature.noneBody", { feature: featureName })}
          actions={
            <>
              <LinkButton href={localePath(links.labs())}>{t("dashboard.openFeature.toLabs")}</LinkButton>
              <LinkButton href={localePath(links.shared())} variant="secondary" iconStart={<UsersIcon size={16} />}>
                {t("dashboard.openFeature.toShared")}
              </LinkButton>
            </>
          }
        />
      )}
    </>
  )
}
