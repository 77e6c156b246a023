// Storage used against the plan's quota, with the Upgrade storage button (-> /dashboard/pricing).
// Unknown usage renders a neutral placeholder: never invented numbers.
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { CloudIcon, cx, LinkButton, Skeleton, Tooltip } from "../ui/index.ts"
import * as css from "./Sidebar.css.ts"
import { formatBytes, storageTone } from "./storage-usage.ts"
import { useStorageUsage } from "./useStorageUsage.ts"
import { links } from "../../contract/routes.ts"

export const StorageMeter = ({ expanded }: { expanded: boolean }) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const usage = useStorageUsage()
  if (!expanded) {
    return (
      <div className={css.collapsedFooter}>
        <Tooltip content={t("shell.sidebar.upgrade")} placement="right">
          <Link href={localePath(links.pricing())} className={css.item} aria-label={t("shell.sidebar.upgrade")}>
            <span className={css.itemIcon}>
              <CloudIcon size={18} />
            </span>
          </Link>
        </Tooltip>
      </div>
    )
  }
  return (
    <section className={css.storage} aria-label={t("shell.sidebar.storage")} aria-busy={usage.status === "unknown"}>
      <div className={css.storageHead}>
        <CloudIcon size={16} />
        {t("shell.sidebar.storage")}
      </div>
      {usage.status === "known" ? (
        <>
          {/* biome-ignore lint/a11y/useSemanticElements: a drawn meter; native <meter> cannot be styled consistently across browsers. */}
          <div
            className={css.meter}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(usage.percent)}
            aria-label={t("shell.sidebar.storagePercent", { percent: Math.round(usage.percent) })}
          >
            <div
              className={cx(css.meterFill, css.tone[storageTone(usage.percent)])}
              style={{ width: `${Math.min(100, usage.percent)}%` }}
            />
          </div>
          <Link href={localePath(links.pricing())} className={css.storageText}>
            {t("shell.sidebar.storageUsed", { used: formatBytes(usage.usedBytes, locale), total: formatBytes(usage.totalBytes, locale) })}
          </Link>
          {usage.reservedBytes > 0 && (
            <span className={css.storageText} data-testid="storage-reserved">
              {t("shell.sidebar.storageReserved", { reserved: formatBytes(usage.reservedBytes, locale) })}
            </span>
          )}
        </>
      ) : (
        <>
          <Skeleton height={6} radius={999} />
          <Skeleton height={10} width="62%" />
          <span className={visuallyHidden}>{t("shell.sidebar.storageLoading")}</span>
        </>
      )}
      <LinkButton href={localePath(links.pricing())} variant="secondary" size="sm" fullWidth>
        {t("shell.sidebar.upgrade")}
      </LinkButton>
    </section>
  )
}
