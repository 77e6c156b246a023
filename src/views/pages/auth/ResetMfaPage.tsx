// /reset-mfa: without a link, ask for one by email; with the emailed link (?uid=..&token=..),
// confirm with the password to turn 2FA off.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { Link, useSearch } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import type { ResetLink } from "../../../machines/auth/linkConfirm.machine.ts"
import { resetMfaMachine } from "../../../machines/auth/resetMfa.machine.ts"
import { resetMfaConfirmMachine } from "../../../machines/auth/resetMfaConfirm.machine.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import { LinkDone, LinkRefused } from "../../account/LinkOutcome.tsx"
import * as css from "../../account/auth.css.ts"
import { formValues } from "../../account/formData.ts"
import { MailRequestForm } from "../../account/MailRequestForm.tsx"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useOutcome } from "../../account/useOutcome.ts"
import { Button, FormError, PasswordField, ShieldIcon, useToast } from "../../ui/index.ts"

export default function ResetMfaPage() {
  const t = useT()
  const query = new URLSearchParams(useSearch())
  const uid = query.get("uid")
  const token = query.get("token")
  if (uid && token) return <ConfirmReset link={{ uid, token }} />
  return (
    <MailRequestForm
      machine={resetMfaMachine}
      icon={<ShieldIcon size={22} />}
      title={t("auth.resetMfa.title")}
      lead={t("auth.resetMfa.lead")}
      submit={t("auth.resetMfa.submit")}
      sentKey="auth.resetMfa.sent"
      toastKey="errors.success.resetEmailSent"
      initialEmail={query.get("email") ?? ""}
    />
  )
}

function ConfirmReset({ link }: { readonly link: ResetLink }) {
  const t = useT()
  const { localePath } = useLocale()
  const { toast } = useToast()
  const { field, summary, text } = useNoticeText()
  const actor = useActorRef(resetMfaConfirmMachine, { input: link })
  const { fields, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const outcome = useSelector(actor, (s) => (s.matches("done") ? "done" : s.matches("linkRefused") ? "linkRefused" : null))

  useOutcome(actor, (done) => {
    if (done.matches("done")) toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.mfaReset") })
  })

  if (outcome === "done") return <LinkDone title={t("auth.resetMfa.confirmTitle")} lead={t("auth.resetMfa.done")} />

  if (outcome === "linkRefused")
    return (
      <LinkRefused
        title={t("auth.resetMfa.confirmTitle")}
        lead={text(error) ?? t("auth.resetMfa.linkRefused")}
        requestPath="/reset-mfa"
        requestLabel={t("auth.resetMfa.requestNew")}
      />
    )

  return (
    <>
      <AuthHeader icon={<ShieldIcon size={22} />} title={t("auth.resetMfa.confirmTitle")} lead={t("auth.resetMfa.confirmLead")} />
      <form
        className={css.form}
        noValidate
        onSubmit={(event) => actor.send({ type: "link.submit", form: { password: formValues(event).text("password") } })}
      >
        <FormError message={summary(error, fields, [])} />
        <PasswordField
          label={t("auth.fields.password")}
          name="password"
          autoComplete="current-password"
          aria-required="true"
          error={field(fields, "password")}
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t("auth.resetMfa.confirmSubmit")}
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
