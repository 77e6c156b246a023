// /dashboard/setting/password: change the password; this session stays, the others end.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useRef } from "react"
import { useT } from "../../../i18n/index.ts"
import { changePasswordMachine } from "../../../machines/account/changePassword.machine.ts"
import { formValues } from "../../account/formData.ts"
import * as css from "../../account/settings.css.ts"
import { useEmitted } from "../../account/useEmitted.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Alert, Button, Card, FormError, PasswordField, useToast } from "../../ui/index.ts"

const shownFields = ["old_password", "new_password", "new_password_confirm"]

export default function PasswordPage() {
  const t = useT()
  const { toast } = useToast()
  const { field, summary } = useNoticeText()
  const form = useRef<HTMLFormElement>(null)
  const actor = useActorRef(changePasswordMachine)
  const { fields, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const changed = useSelector(actor, (s) => s.matches("changed"))

  useEmitted(actor, "password.changed", () => {
    form.current?.reset()
    toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.passwordChanged") })
  })

  return (
    <Card title={t("settings.password.title")} description={t("settings.password.lead")}>
      <form
        ref={form}
        className={css.narrow}
        noValidate
        onSubmit={(event) => {
          const values = formValues(event)
          actor.send({
            type: "password.submit",
            values: {
              old_password: values.text("old_password"),
              new_password: values.text("new_password"),
              new_password_confirm: values.text("new_password_confirm")
            }
          })
        }}
      >
        {changed && <Alert kind="success">{t("settings.password.changed")}</Alert>}
        <FormError message={summary(error, fields, shownFields)} />
        <PasswordField
          label={t("settings.password.current")}
          name="old_password"
          autoComplete="current-password"
          aria-required="true"
          error={field(fields, "old_password")}
        />
        <PasswordField
          label={t("settings.password.new")}
          name="new_password"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "new_password")}
        />
        <PasswordField
          label={t("settings.password.confirm")}
          name="new_password_confirm"
          autoComplete="new-password"
          aria-required="true"
          error={field(fields, "new_password_confirm")}
        />
        <div>
          <Button type="submit" loading={busy}>
            {t("settings.password.submit")}
          </Button>
        </div>
      </form>
    </Card>
  )
}
