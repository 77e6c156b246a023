// /registered: the account exists and its activation mail is on its way.
import { Link, useSearch } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import * as css from "../../account/auth.css.ts"
import { LinkButton, MailIcon } from "../../ui/index.ts"

export default function RegisteredPage() {
  const t = useT()
  const { localePath } = useLocale()
  const email = new URLSearchParams(useSearch()).get("email") ?? ""
  return (
    <>
      <AuthHeader
        icon={<MailIcon size={22} />}
        tone="success"
        title={t("auth.registered.title")}
        lead={email ? t("auth.registered.lead", { email }) : t("auth.registered.leadNoEmail")}
      />
      <div className={css.actions}>
        <LinkButton href={localePath("/login")} fullWidth size="lg">
          {t("auth.login.submit")}
        </LinkButton>
      </div>
      <p className={css.footer}>
        {t("auth.registered.notArrived")}
        <Link href={localePath(`/unverified${email ? `?email=${encodeURIComponent(email)}` : ""}`)} className={css.link}>
          {t("auth.registered.resend")}
        </Link>
      </p>
    </>
  )
}
