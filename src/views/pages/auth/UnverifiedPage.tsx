// /unverified: the account is not active yet; ask for a new activation mail.
import { useSearch } from "wouter"
import { useT } from "../../../i18n/index.ts"
import { resendActivationMachine } from "../../../machines/auth/resendActivation.machine.ts"
import { MailRequestForm } from "../../account/MailRequestForm.tsx"
import { MailIcon } from "../../ui/index.ts"

export default function UnverifiedPage() {
  const t = useT()
  const email = new URLSearchParams(useSearch()).get("email") ?? ""
  return (
    <MailRequestForm
      machine={resendActivationMachine}
      icon={<MailIcon size={22} />}
      title={t("auth.unverified.title")}
      lead={t("auth.unverified.lead")}
      submit={t("auth.unverified.submit")}
      sentKey="auth.unverified.sent"
      toastKey="errors.success.verificationResent"
      initialEmail={email}
    />
  )
}
