// The "send me a mail" form of /unverified, /reset-password and /reset-mfa: one email field, then a
// confirmation that never says whether the address has an account (the server does not tell either).
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import type { ReactNode } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import type { mailRequestMachine } from "../../machines/auth/mailRequest.machine.ts"
import { Alert, Button, FormError, TextField, useToast } from "../ui/index.ts"
import { AuthHeader } from "./AuthHeader.tsx"
import * as css from "./auth.css.ts"
import { formValues } from "./formData.ts"
import { useEmitted } from "./useEmitted.ts"
import { useNoticeText } from "./useNoticeText.ts"
import type { TranslationKey } from "../../i18n/keys.ts"

export interface MailRequestFormProps {
  /** mailRequestMachine with the program that asks for this page's mail. */
  readonly machine: typeof mailRequestMachine
  readonly icon: ReactNode
  readonly title: string
  readonly lead: string
  readonly submit: string
  /** Shown once sent; {{email}} is filled in. */
  readonly sentKey: TranslationKey
  /** The catalogue's success message for the toast. */
  readonly toastKey: TranslationKey
  readonly initialEmail?: string
}

export const MailRequestForm = ({ machine, icon, title, lead, submit, sentKey, toastKey, initialEmail }: MailRequestFormProps) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { toast } = useToast()
  const { field, summary } = useNoticeText()
  const actor = useActorRef(machine, { input: { locale, email: initialEmail ?? "" } })
  const { fields, error, email } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const sent = useSelector(actor, (s) => s.matches("sent"))

  useEmitted(actor, "mail.sent", () => toast({ kind: "success", title: t("errors.success.title"), message: t(toastKey) }))

  return (
    <>
      <AuthHeader icon={icon} title={title} lead={lead} />
      <form
        className={css.form}
        noValidate
        onSubmit={(event) => actor.send({ type: "mail.submit", email: formValues(event).text("email") })}
      >
        {sent && <Alert kind="success">{t(sentKey, { email })}</Alert>}
        <FormError message={summary(error, fields, ["email"])} />
        <TextField
          label={t("auth.fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-required="true"
          error={field(fields, "email")}
        />
        <div className={css.actions}>
          <Button type="submit" fullWidth size="lg" loading={busy}>
            {submit}
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
