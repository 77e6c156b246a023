// What a mailed one-time link leads to once used: done (go and sign in), or refused (ask for a new
// link). Shared by the password reset and the 2FA reset pages.
import { useLocale, useT } from "../../i18n/index.ts"
import { AlertTriangleIcon, CheckCircleIcon, LinkButton } from "../ui/index.ts"
import { AuthHeader } from "./AuthHeader.tsx"

export const LinkDone = ({ title, lead }: { readonly title: string; readonly lead: string }) => {
  const t = useT()
  const { localePath } = useLocale()
  return (
    <>
      <AuthHeader icon={<CheckCircleIcon size={22} />} tone="success" title={title} lead={lead} />
      <LinkButton href={localePath("/login")} fullWidth size="lg">
        {t("auth.login.submit")}
      </LinkButton>
    </>
  )
}

export const LinkRefused = ({
  title,
  lead,
  requestPath,
  requestLabel
}: {
  readonly title: string
  readonly lead: string
  readonly requestPath: string
  readonly requestLabel: string
}) => {
  const { localePath } = useLocale()
  return (
    <>
      <AuthHeader icon={<AlertTriangleIcon size={22} />} tone="danger" title={title} lead={lead} />
      <LinkButton href={localePath(requestPath)} fullWidth size="lg">
        {requestLabel}
      </LinkButton>
    </>
  )
}
