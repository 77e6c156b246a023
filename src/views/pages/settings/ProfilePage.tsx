// /dashboard/setting/profile: edit the profile; the avatar is previewed as soon as it is picked and
// travels with the fields when saved.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useId } from "react"
import { useLocale, useT } from "../../../i18n/index.ts"
import { profileEditMachine } from "../../../machines/account/profileEdit.machine.ts"
import { formValues } from "../../account/formData.ts"
import * as css from "../../account/settings.css.ts"
import { TextAreaField } from "../../account/TextAreaField.tsx"
import { useEmitted } from "../../account/useEmitted.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useObjectUrl } from "../../account/useObjectUrl.ts"
import { useSessionActor } from "../../session.tsx"
import * as button from "../../ui/Button.css.ts"
import { cx } from "../../ui/cx.ts"
import * as field from "../../ui/Field.css.ts"
import {
  Alert,
  Avatar,
  Button,
  Card,
  FieldError,
  FormError,
  LinkButton,
  Skeleton,
  TextField,
  UploadIcon,
  useToast
} from "../../ui/index.ts"
import { links } from "../../../contract/routes.ts"

const shownFields = ["name", "username", "phone", "company", "description", "avatar"]

export default function ProfilePage() {
  const t = useT()
  const { localePath } = useLocale()
  const { toast } = useToast()
  const session = useSessionActor()
  const { text, field: fieldText, summary } = useNoticeText()
  const actor = useActorRef(profileEditMachine)
  const { profile, avatar, fields, error } = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : "ready"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const preview = useObjectUrl(avatar._tag === "Replace" ? avatar.file : null)
  const fileId = useId()

  useEmitted(actor, "profile.saved", (event) => {
    session.send({ type: "session.updated", user: event.profile })
    toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.profileEdited") })
  })

  if (state === "loading")
    return (
      <Card title={t("settings.profile.title")}>
        <Skeleton height={280} />
      </Card>
    )

  if (state === "failed" || profile === null)
    return (
      <Card title={t("settings.profile.title")}>
        <Alert
          kind="error"
          title={t("settings.profile.loadFailed")}
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "profile.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {text(error)}
        </Alert>
      </Card>
    )

  const avatarError = fieldText(fields, "avatar")
  const hasPicture = avatar._tag === "Replace" || (avatar._tag === "Keep" && profile.avatar !== null)
  return (
    <Card title={t("settings.profile.title")} description={t("settings.profile.lead")}>
      <form
        key={profile.id}
        className={css.form}
        noValidate
        onSubmit={(event) => {
          const values = formValues(event)
          actor.send({
            type: "profile.submit",
            values: {
              name: values.text("name"),
              username: values.text("username"),
              phone: values.text("phone"),
              company: values.text("company"),
              description: values.text("description")
            }
          })
        }}
      >
        <FormError message={summary(error, fields, shownFields)} />
        <div className={css.avatarEditor}>
          {preview ? (
            <img src={preview} alt="" className={css.avatarPreview} />
          ) : (
            <Avatar name={profile.name} src={avatar._tag === "Remove" ? null : profile.avatar} size={40} className={css.bigAvatar} />
          )}
          <div className={css.avatarControls}>
            <label htmlFor={fileId} className={css.fileLabel}>
              {t("settings.profile.avatar")}
            </label>
            <div className={css.filePicker}>
              <input
                id={fileId}
                type="file"
                accept="image/*"
                className={css.fileInput}
                aria-invalid={avatarError ? true : undefined}
                aria-describedby={`${fileId}-note`}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0]
                  if (file) actor.send({ type: "profile.pickAvatar", file })
                  // The machine keeps the file; clearing lets the same file be picked again after an undo.
                  event.currentTarget.value = ""
                }}
              />
              {/* The input's button, in the page's words and drawn as the app's buttons. */}
              <label htmlFor={fileId} className={cx(button.base, button.variant.secondary, button.size.sm, css.fileButton)}>
                <UploadIcon size={14} />
                {t(hasPicture ? "settings.profile.changeAvatar" : "settings.profile.chooseAvatar")}
              </label>
            </div>
            <div id={`${fileId}-note`}>
              {avatarError ? (
                <FieldError>{avatarError}</FieldError>
              ) : (
                <p className={field.hint}>
                  {avatar._tag === "Remove" ? t("settings.profile.avatarWillBeRemoved") : t("settings.profile.avatarHint")}
                </p>
              )}
            </div>
            <div className={css.inlineRow}>
              {hasPicture && (
                <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "profile.removeAvatar" })}>
                  {t("settings.profile.removeAvatar")}
                </Button>
              )}
              {avatar._tag !== "Keep" && (
                <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "profile.keepAvatar" })}>
                  {t("settings.profile.keepAvatar")}
                </Button>
              )}
            </div>
          </div>
        </div>
        <div className={css.grid}>
          <TextField
            label={t("settings.profile.name")}
            name="name"
            autoComplete="name"
            defaultValue={profile.name}
            aria-required="true"
            error={fieldText(fields, "name")}
          />
          <TextField
            label={t("settings.profile.email")}
            name="email"
            type="email"
            value={profile.email}
            readOnly
            disabled
            hint={t("settings.profile.emailHint")}
          />
          <TextField
            label={t("settings.profile.username")}
            name="username"
            autoComplete="username"
            defaultValue={profile.username ?? ""}
            error={fieldText(fields, "username")}
          />
          <TextField
            label={t("settings.profile.phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phone ?? ""}
            error={fieldText(fields, "phone")}
          />
          <TextField
            className={css.wide}
            label={t("settings.profile.company")}
            name="company"
            autoComplete="organization"
            defaultValue={profile.company ?? ""}
            error={fieldText(fields, "company")}
          />
          <TextAreaField
            className={css.wide}
            label={t("settings.profile.description")}
            name="description"
            rows={4}
            defaultValue={profile.description ?? ""}
            error={fieldText(fields, "description")}
          />
        </div>
        <div className={css.formActions}>
          <LinkButton href={localePath(links.settings.account())} variant="secondary">
            {t("settings.profile.cancel")}
          </LinkButton>
          <Button type="submit" loading={saving}>
            {t("settings.profile.submit")}
          </Button>
        </div>
      </form>
    </Card>
  )
}
