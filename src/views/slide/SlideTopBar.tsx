// The slide's top bar: back to its folder, where it sits and its name, its size and resolution
// ("98,304 × 75,520 px · 0.2500 µm/px"), a "view only" mark for visitors and strangers to a public
// slide (the public frame around it offers to sign in), the way into the compare viewer, and the switch of the details panel. While the slide loads, placeholders keep the shape.
import { Fragment, type ReactNode } from "react"
import { Link } from "wouter"
import type { LabDetail } from "../../contract/labs.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { CrumbsMenu } from "../shell/CrumbsMenu.tsx"
import { useNarrow } from "../shell/useNarrow.ts"
import { ArrowLeftIcon, ChevronRightIcon, EyeIcon, GridIcon, PanelRightIcon, Tooltip } from "../ui/index.ts"
import { backTarget } from "./back-target.ts"
import * as layout from "./SlideLayout.css.ts"
import { slideFacts } from "./slide-facts.ts"
import * as css from "./SlideTopBar.css.ts"
import { trailRoot } from "../labs/trail-root.ts"
import { links } from "../../contract/routes.ts"

export interface SlideTopBarProps {
  readonly lab: LabDetail | null
  readonly signedIn: boolean
  /** The details panel's switch; absent while there is no panel to show. */
  readonly panel?: { readonly open: boolean; readonly onToggle: () => void }
  /** Who else has the slide open (annotation/collab/Presence.tsx). */
  readonly presence?: ReactNode
}

const folderPath = links.folder

export const SlideTopBar = ({ lab, signedIn, panel, presence }: SlideTopBarProps) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const narrow = useNarrow()
  if (lab === null) {
    return (
      <header className={css.root}>
        <span className={layout.placeholder} style={{ width: 32, height: 32 }} />
        <div className={css.titles}>
          <span className={layout.placeholder} style={{ width: 140, height: 10 }} />
          <span className={layout.placeholder} style={{ width: 240, height: 14 }} />
        </div>
      </header>
    )
  }
  const target = backTarget(lab, signedIn)
  const back = target && { href: target.href, name: target.name ?? t(`labs.path.${target.root}`) }
  const root = trailRoot(lab.role)
  const trail = signedIn ? [{ id: "", name: t(`labs.path.${root.label}`) }, ...lab.breadcrumb] : lab.breadcrumb
  // On a narrow screen the folder just above stays; the rest folds into a menu.
  const folded = narrow && trail.length > 1 ? trail.slice(0, -1) : []
  const shownTrail = trail.slice(folded.length)
  const facts = slideFacts(lab, locale)
  const shownFacts = [facts.size, facts.resolution].filter((fact): fact is string => fact !== null)
  return (
    <header className={css.root}>
      {back && (
        <Tooltip content={t("viewer.backTo", { name: back.name })} placement="bottom">
          <Link href={localePath(back.href)} className={css.back} aria-label={t("viewer.backTo", { name: back.name })}>
            <ArrowLeftIcon size={18} />
          </Link>
        </Tooltip>
      )}
      <div className={css.titles}>
        {trail.length > 0 && (
          <nav aria-label={t("labs.path.label")}>
            <ol className={css.path}>
              {folded.length > 0 && (
                <li className={css.moreItem}>
                  <CrumbsMenu
                    className={css.more}
                    crumbs={folded.map((crumb) => ({
                      id: crumb.id || "root",
                      label: crumb.name,
                      href: localePath(crumb.id === "" ? root.href : folderPath(crumb.id))
                    }))}
                  />
                </li>
              )}
              {shownTrail.map((crumb, i) => (
                <Fragment key={crumb.id || "root"}>
                  {(i > 0 || folded.length > 0) && (
                    <li aria-hidden="true" className={css.separator}>
                      <ChevronRightIcon size={12} />
                    </li>
                  )}
                  <li className={css.crumb}>
                    <Link href={localePath(crumb.id === "" ? root.href : folderPath(crumb.id))} className={css.crumbLink}>
                      {crumb.name}
                    </Link>
                  </li>
                </Fragment>
              ))}
            </ol>
          </nav>
        )}
        <h1 className={css.name} title={lab.name}>
          {lab.name}
        </h1>
      </div>
      {shownFacts.length > 0 && (
        <p className={css.facts} title={t("viewer.facts")} data-testid="slide-facts">
          {shownFacts.join(" · ")}
        </p>
      )}
      <span className={css.spacer} />
      {presence}
      {lab.role === null && (
        <Tooltip content={t("viewer.viewOnlyHint")} placement="bottom">
          <span className={css.viewOnly} data-testid="view-only">
            <EyeIcon size={14} />
            {t("viewer.viewOnly")}
          </span>
        </Tooltip>
      )}
      {signedIn && (
        <Tooltip content={t("compare.openHint")} placement="bottom">
          <Link href={localePath(links.compare(lab.id))} className={css.compare} data-testid="open-compare">
            <GridIcon size={16} />
            <span className={css.compareLabel}>{t("compare.open")}</span>
          </Link>
        </Tooltip>
      )}
      {panel && (
        <Tooltip content={panel.open ? t("viewer.panel.hide") : t("viewer.panel.show")} placement="bottom">
          <button
            type="button"
            className={css.toggle}
            aria-label={panel.open ? t("viewer.panel.hide") : t("viewer.panel.show")}
            aria-pressed={panel.open}
            onClick={panel.onToggle}
          >
            <PanelRightIcon size={18} />
          </button>
        </Tooltip>
      )}
    </header>
  )
}
