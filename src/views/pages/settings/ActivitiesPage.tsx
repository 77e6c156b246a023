// /dashboard/setting/activities: the account's events, newest first, a page at a time, grouped by
// day: each a sentence ("You moved Liver biopsies to Deleted Files") naming the lab (a link while it
// exists), with how long ago.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { Fragment } from "react"
import { Link } from "wouter"
import type { Activity } from "../../../contract/auth.ts"
import { ACTIVITIES_PAGE_SIZE } from "../../../effects/auth/account.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { activitiesMachine } from "../../../machines/account/activities.machine.ts"
import { activityText, byDay, dayOf } from "../../account/activity-text.ts"
import { formatDate, formatDateTime } from "../../account/dates.ts"
import { labPath } from "../../labs/lab-paths.ts"
import { relativeTime } from "../../notifications/relative-time.ts"
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
          <div aria-busy={state === "loading"}>
            {byDay(results).map(({ day, items }) => (
              <Fragment key={day}>
                <h3 className={css.activityDay}>
                  <DayName day={day} iso={items[0]?.created_at ?? ""} />
                </h3>
                <ol className={css.activityList}>
                  {items.map((activity) => (
                    <ActivityRow key={activity.id} activity={activity} />
                  ))}
                </ol>
              </Fragment>
            ))}
          </div>
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

/** "Today", "Yesterday", or the date. */
function DayName({ day, iso }: { readonly day: string; readonly iso: string }) {
  const t = useT()
  const { locale } = useLocale()
  const today = new Date()
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)
  if (day === dayOf(today.toISOString())) return <>{t("settings.activities.today")}</>
  if (day === dayOf(yesterday.toISOString())) return <>{t("settings.activities.yesterday")}</>
  return <>{formatDate(locale, iso)}</>
}

/** Marks where the lab's name goes in a translated sentence; never typed by anyone. */
const LAB = "\u0000lab\u0000"

function ActivityRow({ activity }: { readonly activity: Activity }) {
  const t = useT()
  const { locale, localePath } = useLocale()
  const sentence = activityText(activity)
  const role = sentence.params.role
  const params = {
    ...sentence.params,
    ...(sentence.unknownBrowser ? { browser: t("settings.activities.unknownBrowser") } : {}),
    ...(role === "admin" || role === "reviewer" || role === "owner" ? { role: t(`members.roles.${role}`) } : {}),
    lab: LAB
  }
  const [before = "", after = ""] = t(`settings.activities.kinds.${sentence.key}`, params).split(LAB)
  const { lab } = sentence
  const name = lab?.name ?? t("settings.activities.someLab")
  const named =
    lab === null ? null : lab.linked ? (
      <Link href={localePath(labPath({ id: lab.id, is_dir: lab.isDir }))} className={css.activityLab}>
        {name}
      </Link>
    ) : (
      <strong>{name}</strong>
    )
  return (
    <li className={css.activityItem}>
      <span className={css.activityIcon} aria-hidden="true">
        <ActivityIcon size={16} />
      </span>
      <div className={css.activityText}>
        <p className={css.activitySentence}>
          {before}
          {named}
          {after}
        </p>
        <time className={css.muted} dateTime={activity.created_at} title={formatDateTime(locale, activity.created_at)}>
          {relativeTime(activity.created_at, new Date(), locale === "id" ? "id-ID" : "en-US")}
        </time>
      </div>
    </li>
  )
}
