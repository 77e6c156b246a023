// /reset-password: ask for a link to choose a new password.
import { useT } from "../../../i18n/index.ts"
import { passwordResetMachine } from "../../../machines/auth/passwordReset.machine.ts"
import { MailRequestForm } from "../../account/MailRequestForm.tsx"
import { LockIcon } from "../../ui/index.ts"

export default function ResetPasswordPage() {
  const t = useT()
  return (
    <MailRequestForm
      machine={passwordResetMachine}
      icon={<LockIcon size={22} />}
      title={t("auth.resetPassword.title")}
      lead={t("auth.resetPassword.lead")}
      submit={t("auth.resetPassword.submit")}
      sentKey="auth.resetPassword.sent"
      toastKey="errors.success.resetEmailSent"
    />
  )
}
