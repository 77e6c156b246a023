// /dashboard/setting/2fa: turn two-factor authentication on (QR code, one code, ten backup codes
// shown once) or off (with the password).
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useCallback, useEffect, useState } from "react"
import type { Profile } from "../../../contract/users.ts"
import { useT } from "../../../i18n/index.ts"
import { mfaDisableMachine } from "../../../machines/account/mfaDisable.machine.ts"
import { mfaSetupMachine } from "../../../machines/account/mfaSetup.machine.ts"
import { formValues } from "../../account/formData.ts"
import * as css from "../../account/settings.css.ts"
import { useEmitted } from "../../account/useEmitted.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useOutcome } from "../../account/useOutcome.ts"
import { type SessionActor, useSession, useSessionActor } from "../../session.tsx"
import { Alert, Button, Card, CheckIcon, cx, FormError, PasswordField, ShieldIcon, Skeleton, TextField, useToast } from "../../ui/index.ts"

export default function TwoFactorPage() {
  const t = useT()
  const { user } = useSession()
  const session = useSessionActor()
  // The 2FA state may have changed elsewhere (a reset by email, another device).
  useEffect(() => session.send({ type: "session.refresh" }), [session])
  return (
    <Card title={t("settings.twoFactor.title")} description={t("settings.twoFactor.lead")}>
      {user === null ? (
        <Skeleton height={120} />
      ) : user.mfa_enabled ? (
        <DisableTwoFactor key="on" user={user} session={session} />
      ) : (
        <EnableTwoFactor key="off" user={user} session={session} />
      )}
    </Card>
  )
}

const Status = ({ on }: { readonly on: boolean }) => {
  const t = useT()
  return (
    <div className={css.inlineRow}>
      <span className={cx(css.pill, on ? css.pillOn : css.pillOff)}>
        <ShieldIcon size={14} />
        {t(on ? "settings.twoFactor.statusOn" : "settings.twoFactor.statusOff")}
      </span>
    </div>
  )
}

interface FlowProps {
  readonly user: Profile
  readonly session: SessionActor
}

function EnableTwoFactor({ user, session }: FlowProps) {
  const t = useT()
  const { toast } = useToast()
  const { text, field, summary } = useNoticeText()
  const actor = useActorRef(mfaSetupMachine)
  const { secret, backupCodes, fields, error } = useSelector(actor, (s) => s.context)
  const step = useSelector(actor, (s) =>
    s.matches("showingQr") || s.matches("verifying") ? "qr" : s.matches("showingBackupCodes") ? "codes" : "start"
  )
  const starting = useSelector(actor, (s) => s.matches("loadingSecret"))
  const verifying = useSelector(actor, (s) => s.matches("verifying"))

  useEmitted(actor, "mfa.enabled", () =>
    toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.mfaEnabled") })
  )
  // The session learns about 2FA only once the codes are put away; until then this flow stays on screen.
  useOutcome(actor, () => {
    session.send({ type: "session.updated", user: { ...user, mfa_enabled: true } })
    session.send({ type: "session.refresh" })
  })

  if (step === "codes") return <BackupCodes codes={backupCodes} onFinish={() => actor.send({ type: "mfaSetup.finish" })} />

  if (step === "qr" && secret !== null)
    return (
      <div className={css.stack}>
        <Status on={false} />
        <div className={css.steps}>
          <img className={css.qr} src={secret.qr_code} alt={t("settings.twoFactor.qrAlt")} width={184} height={184} />
          <div className={css.narrow}>
            <h3 className={css.stepTitle}>{t("settings.twoFactor.scanTitle")}</h3>
            <p className={css.muted}>{t("settings.twoFactor.scanLead")}</p>
            <p className={css.muted}>{t("settings.twoFactor.manual")}</p>
            <code className={css.secret} data-testid="mfa-secret">
              {secret.secret}
            </code>
            <form
              className={css.narrow}
              noValidate
              onSubmit={(event) => actor.send({ type: "mfaSetup.verify", otp: formValues(event).text("otp") })}
            >
              <h3 className={css.stepTitle}>{t("settings.twoFactor.codeTitle")}</h3>
              <FormError message={summary(error, fields, ["otp"])} />
              <TextField
                label={t("settings.twoFactor.otp")}
                hint={t("settings.twoFactor.codeLead")}
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                aria-required="true"
                error={field(fields, "otp")}
              />
              <div className={css.inlineRow}>
                <Button type="submit" loading={verifying}>
                  {t("settings.twoFactor.verify")}
                </Button>
                <Button variant="ghost" disabled={verifying} onClick={() => actor.send({ type: "mfaSetup.cancel" })}>
                  {t("settings.twoFactor.cancel")}
                </Button>
              </div>
            </form>
          </div>
        </div>
      </div>
    )

  return (
    <div className={css.narrow}>
      <Status on={false} />
      <p className={css.muted}>{t("settings.twoFactor.explainOff")}</p>
      {error && <Alert kind="error">{text(error)}</Alert>}
      <div>
        <Button loading={starting} iconStart={<ShieldIcon size={16} />} onClick={() => actor.send({ type: "mfaSetup.start" })}>
          {t("settings.twoFactor.enable")}
        </Button>
      </div>
    </div>
  )
}

function BackupCodes({ codes, onFinish }: { readonly codes: ReadonlyArray<string>; readonly onFinish: () => void }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const copy = useCallback(() => {
    void navigator.clipboard?.writeText(codes.join("\n")).then(() => setCopied(true))
  }, [codes])
  const download = useCallback(() => {
    const url = URL.createObjectURL(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }))
    const link = document.createElement("a")
    link.href = url
    link.download = t("settings.twoFactor.codesFile")
    link.click()
    URL.revokeObjectURL(url)
  }, [codes, t])
  return (
    <div className={css.stack}>
      <Status on={true} />
      <Alert kind="warning" title={t("settings.twoFactor.codesTitle")}>
        {t("settings.twoFactor.codesLead")}
      </Alert>
      <ul className={css.codes} aria-label={t("settings.twoFactor.codesTitle")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={css.inlineRow}>
        <Button variant="secondary" iconStart={copied ? <CheckIcon size={16} /> : undefined} onClick={copy}>
          {copied ? t("settings.twoFactor.copied") : t("settings.twoFactor.copy")}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t("settings.twoFactor.download")}
        </Button>
        <Button onClick={onFinish}>{t("settings.twoFactor.finish")}</Button>
      </div>
    </div>
  )
}

function DisableTwoFactor({ user, session }: FlowProps) {
  const t = useT()
  const { toast } = useToast()
  const { field, summary } = useNoticeText()
  const actor = useActorRef(mfaDisableMachine)
  const { fields, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))

  useOutcome(actor, () => {
    session.send({ type: "session.updated", user: { ...user, mfa_enabled: false } })
    session.send({ type: "session.refresh" })
    toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.mfaDisabled") })
  })

  return (
    <div className={css.stack}>
      <div className={css.narrow}>
        <Status on={true} />
        <p className={css.muted}>{t("settings.twoFactor.explainOn")}</p>
      </div>
      <form
        className={css.narrow}
        noValidate
        onSubmit={(event) => actor.send({ type: "mfaDisable.submit", password: formValues(event).text("password") })}
      >
        <h3 className={css.stepTitle}>{t("settings.twoFactor.disableTitle")}</h3>
        <p className={css.muted}>{t("settings.twoFactor.disableLead")}</p>
        <FormError message={summary(error, fields, ["password"])} />
        <PasswordField
          label={t("settings.twoFactor.password")}
          name="password"
          autoComplete="current-password"
          aria-required="true"
          error={field(fields, "password")}
        />
        <div>
          <Button type="submit" variant="danger" loading={busy}>
            {t("settings.twoFactor.disable")}
          </Button>
        </div>
      </form>
    </div>
  )
}
