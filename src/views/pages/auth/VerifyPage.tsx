// /verify: where the activation link (a server URL) lands once the account is active. A place kept
// from before registering (`next`) goes on to the sign-in page, which returns there.
import { useSearch } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { nextQuery } from "../../../machines/auth/return-to.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import * as css from "../../account/auth.css.ts"
import { CheckCircleIcon, LinkButton } from "../../ui/index.ts"

export default function VerifyPage() {
  const t = useT()
  const { localePath } = useLocale()
  const next = new URLSearchParams(useSearch()).get("next")
  return (
    <>
      <AuthHeader icon={<CheckCircleIcon size={22} />} tone="success" title={t("auth.verify.title")} lead={t("auth.verify.lead")} />
      <div className={css.actions}>
        <LinkButton href={localePath(`/login${nextQuery(next)}`)} fullWidth size="lg">
          {t("auth.verify.signIn")}
        </LinkButton>
      </div>
    </>
  )
}
