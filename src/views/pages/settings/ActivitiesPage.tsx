// /dashboard/setting/activities: the account's events, newest first, a page at a time.
import { useActorRef, useSelector } from "@xstate/react"
import type { Activity } from "../../../contract/auth.ts"
import { ACTIVITIES_PAGE_SIZE } from "../../../effects/auth/account.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { activitiesMachine } from "../../../machines/account/activities.machine.ts"
import { activityText } from "../../account/activity-text.ts"
import { formatDateTime } from "../../account/dates.ts"
import * as css from "../../account/settings.css.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { ActivityIcon, Alert, Button, Card, ChevronLeftIcon, ChevronRightIcon, EmptyState, Skeleton } from "../../ui/index.ts"

export default function ActivitiesPage() {
  const t = useT()
  const { text } = useNoticeText()
  const actor = useActorRef(activitiesMachine)
  const { page, results, meta, error } = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : "showing"))
  const pages = Math.max(1, Math.ceil((meta?.count ?? 0) / ACTIVITIES_PAGE_SIZE))

  return (
    <Card title={t("settings.activities.title")} description={t("settings.activities.lead")}>
      {state === "failed" ? (
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "activities.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {text(error)}
        </Alert>
      ) : state === "loading" && results.length === 0 ? (
        <div aria-busy="true">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={44} className={css.activityItem} />
          ))}
        </div>
      ) : results.length === 0 ? (
        <EmptyState icon={<ActivityIcon size={24} />} title={t("settings.activities.empty")} />
      ) : (
        <>
          <ol className={css.activityList} aria-busy={state === "loading"}>
            {results.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} />
            ))}
          </ol>
          <nav className={css.pager} aria-label={t("settings.activities.title")}>
            <Button
              variant="secondary"
              size="sm"
              iconStart={<ChevronLeftIcon size={16} />}
              disabled={page <= 1 || state === "loading"}
              onClick={() => actor.send({ type: "activities.previous" })}
            >
              {t("settings.activities.previous")}
            </Button>
            <span aria-live="polite">{t("settings.activities.page", { page, pages })}</span>
            <Button
              variant="secondary"
              size="sm"
              iconEnd={<ChevronRightIcon size={16} />}
              disabled={meta?.next_page == null || state === "loading"}
              onClick={() => actor.send({ type: "activities.next" })}
            >
              {t("settings.activities.next")}
            </Button>
          </nav>
        </>
      )}
    </Card>
  )
}

function ActivityRow({ activity }: { readonly activity: Activity }) {
  const t = useT()
  const { locale } = useLocale()
  const sentence = activityText(activity)
  const params = sentence.unknownBrowser ? { ...sentence.params, browser: t("settings.activities.unknownBrowser") } : sentence.params
  return (
    <li className={css.activityItem}>
      <span className={css.activityIcon} aria-hidden="true">
        <ActivityIcon size={16} />
      </span>
      <div className={css.activityText}>
        <p className={css.activitySentence}>{t(`settings.activities.kinds.${sentence.key}`, params)}</p>
        <time className={css.muted} dateTime={activity.created_at}>
          {formatDateTime(locale, activity.created_at)}
        </time>
      </div>
    </li>
  )
}
