// Contact us about plans: a dialog with the question, a phone and the institution; sales get it by
// mail and the asker a copy.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useState } from "react"
import { CONTACT_DETAILS_MAX } from "../../contract/billing.ts"
import { useT } from "../../i18n/index.ts"
import { contactSalesMachine } from "../../machines/billing/contactSales.machine.ts"
import { TextAreaField } from "../account/TextAreaField.tsx"
import { useNoticeText } from "../account/useNoticeText.ts"
import { Alert, Button, Dialog, MailIcon, TextField } from "../ui/index.ts"
import * as css from "./billing.css.ts"

export function ContactSales() {
  const t = useT()
  const { text, field } = useNoticeText()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState({ details: "", phone: "", company: "" })
  const actor = useActorRef(contactSalesMachine)
  const { fields, error } = useSelector(actor, (s) => s.context)
  const sent = useSelector(actor, (s) => s.matches("sent"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setValues((v) => ({ ...v, [name]: value }))
  }
  const close = () => {
    setOpen(false)
    if (sent) {
      setValues({ details: "", phone: "", company: "" })
      actor.send({ type: "contact.again" })
    }
  }
  return (
    <>
      <Button variant="secondary" iconStart={<MailIcon size={16} />} onClick={() => setOpen(true)}>
        {t("billing.contact.open")}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t("billing.contact.title")}
        description={t("billing.contact.lead")}
        dismissible={!busy}
        footer={
          sent ? (
            <Button onClick={close}>{t("billing.contact.cancel")}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                {t("billing.contact.cancel")}
              </Button>
              <Button type="submit" form="contact-sales" loading={busy}>
                {t("billing.contact.send")}
              </Button>
            </>
          )
        }
      >
        {sent ? (
          <Alert kind="success">{t("billing.contact.sent")}</Alert>
        ) : (
          <form
            id="contact-sales"
            noValidate
            className={css.upload}
            onSubmit={(event) => {
              event.preventDefault()
              actor.send({ type: "contact.send", values })
            }}
          >
            {error !== null && Object.keys(fields).length === 0 && <Alert kind="error">{text(error)}</Alert>}
            <TextAreaField
              label={t("billing.contact.details")}
              name="details"
              rows={5}
              maxLength={CONTACT_DETAILS_MAX}
              value={values.details}
              onChange={set("details")}
              error={field(fields, "details")}
              aria-required="true"
              autoFocus
            />
            <TextField
              label={t("billing.contact.phone")}
              name="phone"
              type="tel"
              maxLength={32}
              value={values.phone}
              onChange={set("phone")}
              error={field(fields, "phone")}
            />
            <TextField
              label={t("billing.contact.company")}
              name="company"
              maxLength={200}
              value={values.company}
              onChange={set("company")}
              error={field(fields, "company")}
            />
          </form>
        )}
      </Dialog>
    </>
  )
}
