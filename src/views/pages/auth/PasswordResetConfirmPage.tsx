// /password-reset-confirm/{uid}/{token}: the emailed link; choose the new password here.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { Link, useParams } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { passwordResetConfirmMachine } from "../../../machines/auth/passwordResetConfirm.machine.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import { LinkDone, LinkRefused } from "../../account/LinkOutcome.tsx"
import * as css from "../../account/auth.css.ts"
import { formValues } from "../../account/formData.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useOutcome } from "../../account/useOutcome.ts"
import { Button, FormError, LockIcon, PasswordField, useToast } from "../../ui/index.ts"

export default function PasswordResetConfirmPage() {
  const t = useT()
  const { localePath } = useLocale()
  const { toast } = useToast()
  const { field, summary, text } = useNoticeText()
  const params = useParams<{ uid: string; token: string }>()
  const actor = useActorRef(passwordResetConfirmMachine, { input: { uid: params.uid ?? "", token: params.token ?? "" } })
  const { fields, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const outcome = useSelector(actor, (s) => (s.matches("done") ? "done" : s.matches("linkRefused") ? "linkRefused" : null))

  useOutcome(actor, (done) => {
    if (done.matches("done")) toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.passwordReplaced") })
  })

  if (outcome === "done") return <LinkDone title={t("auth.resetConfirm.title")} lead={t("auth.resetConfirm.done")} />

  if (outcome === "linkRefused")
    return (
      <LinkRefused
        title={t("auth.resetConfirm.title")}
        lead={text(error) ?? t("auth.resetConfirm.linkRefused")}
        requestPath="/reset-password"
        requestLabel={t("auth.resetConfirm.requestNew")}
      />
    )

  return (
    <>
      <AuthHeader icon={<LockIcon size={22} />} title={t("auth.resetConfirm.title")} lead={t("auth.resetConfirm.lead")} />
      <form
        className={css.form}
        noValidate
        onSubmit={(event) => {
          const values = formValues(event)
          actor.send({
            type: "link.submit",
            form: { password: values.text("password"), password_confirm: values.text("password_confirm") }
          })
        }}
      >
        <FormError message={summary(error, fields, ["password", "password_confirm"])} />
        <PasswordField
          label={t("auth.fields.newPassword")}
          name="password"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "password")}
        />
        <PasswordField
          label={t("auth.fields.confirmNewPassword")}
          name="password_confirm"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "password_confirm")}
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t("auth.resetConfirm.submit")}
          </Button>
        </div>
      </form>
      <p className={css.footer}>
        <Link href={localePath("/login")} className={css.link}>
          {t("auth.backToSignIn")}
        </Link>
      </p>
    </>
  )
}
