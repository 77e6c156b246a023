// /dashboard/setting/account (My Profile): who you are to collaborators, and whether 2FA is on.
import { useEffect } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { formatDate } from "../../account/dates.ts"
import * as css from "../../account/settings.css.ts"
import { useSession, useSessionActor } from "../../session.tsx"
import { Avatar, Card, cx, LinkButton, PenIcon, Skeleton } from "../../ui/index.ts"
import { links } from "../../../contract/routes.ts"

export default function AccountPage() {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { user } = useSession()
  const session = useSessionActor()
  // Another device may have changed the profile since this one loaded it.
  useEffect(() => session.send({ type: "session.refresh" }), [session])

  const value = (text: string | null) =>
    text ? <dd className={css.definition}>{text}</dd> : <dd className={cx(css.definition, css.empty)}>{t("settings.account.notSet")}</dd>

  return (
    <Card
      title={t("settings.account.title")}
      description={t("settings.account.lead")}
      actions={
        <LinkButton href={localePath(links.settings.profile())} variant="secondary" iconStart={<PenIcon size={16} />}>
          {t("settings.account.edit")}
        </LinkButton>
      }
    >
      {user === null ? (
        <Skeleton height={160} />
      ) : (
        <>
          <div className={css.identity}>
            <Avatar name={user.name} src={user.avatar} size={40} className={css.bigAvatar} />
            <div className={css.identityText}>
              <p className={css.name}>{user.name}</p>
              <p className={css.muted}>{user.email}</p>
              <p className={css.muted}>{t("settings.account.memberSince", { date: formatDate(locale, user.created_at) })}</p>
            </div>
          </div>
          <dl className={css.details}>
            <dt className={css.term}>{t("settings.account.name")}</dt>
            {value(user.name)}
            <dt className={css.term}>{t("settings.account.email")}</dt>
            {value(user.email)}
            <dt className={css.term}>{t("settings.account.username")}</dt>
            {value(user.username)}
            <dt className={css.term}>{t("settings.account.phone")}</dt>
            {value(user.phone)}
            <dt className={css.term}>{t("settings.account.company")}</dt>
            {value(user.company)}
            <dt className={css.term}>{t("settings.account.description")}</dt>
            {value(user.description)}
            <dt className={css.term}>{t("settings.account.twoFactor")}</dt>
            <dd className={cx(css.definition, css.inlineRow)}>
              <span className={cx(css.pill, user.mfa_enabled ? css.pillOn : css.pillOff)}>
                {t(user.mfa_enabled ? "settings.account.on" : "settings.account.off")}
              </span>
              <Link href={localePath(links.settings.twoFactor())}>{t("settings.account.manageTwoFactor")}</Link>
            </dd>
          </dl>
        </>
      )}
    </Card>
  )
}
