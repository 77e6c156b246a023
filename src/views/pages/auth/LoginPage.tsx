// /login: email and password, then for 2FA accounts the authenticator code or a backup code.
// Success goes to the page the user opened signed out (`?next=`, checked by the machine) or the labs;
// an account not activated yet goes to /unverified, keeping the place for after activation. When the
// server ended the session the page says so.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useCallback } from "react"
import { Link, useLocation, useSearch } from "wouter"
import type { ActorRefFrom } from "xstate"
import { useLocale, useT } from "../../../i18n/index.ts"
import { nextQuery } from "../../../machines/auth/return-to.ts"
import { prepareSignIn, signInMachine } from "../../../machines/auth/signIn.machine.ts"
import { AuthHeader } from "../../account/AuthHeader.tsx"
import * as css from "../../account/auth.css.ts"
import { formValues } from "../../account/formData.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useOutcome } from "../../account/useOutcome.ts"
import { useSession, useSessionActor } from "../../session.tsx"
import { Alert, Button, FormError, LockIcon, PasswordField, ShieldIcon, TextField } from "../../ui/index.ts"

type SignInActor = ActorRefFrom<typeof signInMachine>

export default function LoginPage() {
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const session = useSessionActor()
  const next = new URLSearchParams(useSearch()).get("next")
  const actor = useActorRef(signInMachine, { input: { next } })
  const step = useSelector(actor, (s) => (s.matches("mfaRequired") || s.matches("verifying") ? "code" : "credentials"))

  useOutcome(actor, (done) => {
    const { email, returnTo } = done.context
    if (done.matches("signedIn") && done.output) {
      // The guest guard of /login, seeing the session first, sends to the same place (its `next`).
      session.send({ type: "session.signedIn", user: done.output })
      navigate(localePath(returnTo), { replace: true })
    } else if (done.matches("inactive")) {
      navigate(localePath(`/unverified?email=${encodeURIComponent(email)}${nextQuery(returnTo, "&")}`))
    } else if (done.matches("mfaReset")) {
      navigate(localePath(`/reset-mfa?email=${encodeURIComponent(email)}`))
    }
  })

  return step === "credentials" ? <CredentialsStep actor={actor} next={next} /> : <CodeStep actor={actor} />
}

function CredentialsStep({ actor, next }: { readonly actor: SignInActor; readonly next: string | null }) {
  const t = useT()
  const { localePath } = useLocale()
  const { ended } = useSession()
  const { field, summary } = useNoticeText()
  const { fields, error, email } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <>
      <AuthHeader icon={<LockIcon size={22} />} title={t("auth.login.title")} lead={t("auth.login.lead")} />
      <form
        className={css.form}
        noValidate
        // The sign-in program loads after the page: fetch it as soon as the user starts on the form.
        onFocus={prepareSignIn}
        onSubmit={(event) => {
          const values = formValues(event)
          actor.send({ type: "signIn.submit", email: values.text("email"), password: values.text("password") })
        }}
      >
        {ended && <Alert kind="info">{t("auth.login.sessionEnded")}</Alert>}
        <FormError message={summary(error, fields, ["email", "password"])} />
        <TextField
          label={t("auth.fields.email")}
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          aria-required="true"
          error={field(fields, "email")}
        />
        <PasswordField
          label={t("auth.fields.password")}
          name="password"
          autoComplete="current-password"
          aria-required="true"
          error={field(fields, "password")}
        />
        <div className={css.inlineLinkRow}>
          <Link href={localePath("/reset-password")} className={css.link}>
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t("auth.login.submit")}
          </Button>
        </div>
      </form>
      <p className={css.footer}>
        {t("auth.login.noAccount")}
        <Link href={localePath(`/register${nextQuery(next)}`)} className={css.link}>
          {t("auth.login.register")}
        </Link>
      </p>
    </>
  )
}

function CodeStep({ actor }: { readonly actor: SignInActor }) {
  const t = useT()
  const { field, summary } = useNoticeText()
  const { fields, error, email, method } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const backup = method === "backup_code"
  // The code field takes the focus whenever it appears or changes kind (each kind is its own element).
  const focusOnMount = useCallback((input: HTMLInputElement | null) => input?.focus(), [])
  return (
    <>
      <AuthHeader
        icon={<ShieldIcon size={22} />}
        title={t("auth.mfa.title")}
        lead={t(backup ? "auth.mfa.leadBackup" : "auth.mfa.leadOtp", { email })}
      />
      <form
        className={css.form}
        noValidate
        onSubmit={(event) => actor.send({ type: "signIn.verify", code: formValues(event).text("code") })}
      >
        <FormError message={summary(error, fields, [backup ? "backup_code" : "otp"])} />
        {backup ? (
          <TextField
            key="backup"
            ref={focusOnMount}
            label={t("auth.fields.backupCode")}
            name="code"
            autoComplete="off"
            spellCheck={false}
            className={css.code}
            aria-required="true"
            error={field(fields, "backup_code")}
          />
        ) : (
          <TextField
            key="otp"
            ref={focusOnMount}
            label={t("auth.fields.otp")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            className={css.code}
            aria-required="true"
            error={field(fields, "otp")}
          />
        )}
        <div className={css.methodSwitch}>
          <button
            type="button"
            className={css.link}
            onClick={() => actor.send({ type: backup ? "signIn.useAuthenticator" : "signIn.useBackupCode" })}
          >
            {t(backup ? "auth.mfa.useAuthenticator" : "auth.mfa.useBackupCode")}
          </button>
        </div>
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t("auth.mfa.verify")}
          </Button>
          <Button type="button" variant="ghost" fullWidth disabled={busy} onClick={() => actor.send({ type: "signIn.back" })}>
            {t("auth.mfa.back")}
          </Button>
        </div>
      </form>
      <p className={css.footer}>
        {t("auth.mfa.lostAuthenticator")}
        <button type="button" className={css.link} onClick={() => actor.send({ type: "signIn.resetMfa" })}>
          {t("auth.mfa.resetMfa")}
        </button>
      </p>
    </>
  )
}
