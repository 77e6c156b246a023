// /register: name, email, a password meeting the policy (shown live), its confirmation, and the
// EULA. The activation mail goes out in the page's language.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useState } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { registrationMachine } from "../../../machines/auth/registration.machine.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import * as css from "../../account/auth.css.ts"
import { formValues } from "../../account/formData.ts"
import { PasswordPolicy } from "../../account/PasswordPolicy.tsx"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useOutcome } from "../../account/useOutcome.ts"
import { Button, Checkbox, FormError, PasswordField, TextField, UserIcon } from "../../ui/index.ts"

const shownFields = ["name", "email", "password", "password_confirm", "eula"]

export default function RegisterPage() {
  const t = useT()
  const { locale, localePath } = useLocale()
  const [, navigate] = useLocation()
  const { field, summary } = useNoticeText()
  const next = new URLSearchParams(useSearch()).get("next")
  const actor = useActorRef(registrationMachine, { input: { locale, next } })
  const { fields, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  // Only for the live policy checklist; the form itself stays uncontrolled.
  const [password, setPassword] = useState("")

  useOutcome(actor, (done) => navigate(localePath(`/registered?email=${encodeURIComponent(done.context.email)}`)))

  const eulaHref = locale === "id" ? localePath("/eula-bahasa") : "/eula"
  return (
    <>
      <AuthHeader icon={<UserIcon size={22} />} title={t("auth.register.title")} lead={t("auth.register.lead")} />
      <form
        className={css.form}
        noValidate
        onSubmit={(event) => {
          const values = formValues(event)
          actor.send({
            type: "register.submit",
            values: {
              name: values.text("name"),
              email: values.text("email"),
              password: values.text("password"),
              password_confirm: values.text("password_confirm"),
              eula: values.checked("eula")
            }
          })
        }}
      >
        <FormError message={summary(error, fields, shownFields)} />
        <TextField label={t("auth.fields.fullName")} name="name" autoComplete="name" aria-required="true" error={field(fields, "name")} />
        <TextField
          label={t("auth.fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          aria-required="true"
          error={field(fields, "email")}
        />
        <PasswordField
          label={t("auth.fields.password")}
          name="password"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "password")}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordPolicy password={password} />
        <PasswordField
          label={t("auth.fields.confirmPassword")}
          name="password_confirm"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "password_confirm")}
        />
        <Checkbox
          name="eula"
          aria-required="true"
          error={field(fields, "eula")}
          label={
            <>
              {t("auth.register.eulaBefore")}
              <a href={eulaHref} target="_blank" rel="noopener noreferrer" className={css.link}>
                {t("auth.register.eulaLink")}
              </a>
            </>
          }
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t("auth.register.submit")}
          </Button>
        </div>
      </form>
      <p className={css.footer}>
        {t("auth.register.haveAccount")}
        <Link href={localePath("/login")} className={css.link}>
          {t("auth.register.signIn")}
        </Link>
      </p>
    </>
  )
}
