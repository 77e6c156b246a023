// Staff's last look before a plan starts: the invoice's number, the exact amount to find in the bank
// statement (its unique code marked) and the receipt beside it. Accepting cannot be undone from the
// page (the plan starts and the user is mailed), so it is never one click.
import type { StaffInvoice } from "../../contract/billing.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { Button, CheckIcon, Dialog } from "../ui/index.ts"
import * as css from "./billing.css.ts"
import { splitAmount } from "./format.ts"

export const AcceptPaymentDialog = ({
  invoice,
  receiptUrl,
  busy,
  onConfirm,
  onClose
}: {
  readonly invoice: StaffInvoice | null
  /** The receipt image's object URL, when it is an image that loaded. */
  readonly receiptUrl: string | null
  readonly busy: boolean
  readonly onConfirm: () => void
  readonly onClose: () => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  if (invoice === null) return null
  const { head, tail } = splitAmount(locale, invoice.amount)
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={t("billing.staff.acceptTitle", { number: invoice.number })}
      description={t("billing.staff.acceptBody", { plan: invoice.tier_name, name: invoice.user.name || invoice.user.email })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("billing.staff.cancel")}
          </Button>
          <Button iconStart={<CheckIcon size={16} />} onClick={onConfirm} loading={busy}>
            {t("billing.staff.accept")}
          </Button>
        </>
      }
    >
      <div className={css.acceptCheck}>
        <div>
          <p className={css.muted}>{t("billing.staff.expected")}</p>
          <p className={css.amount} data-testid="accept-amount">
            {head}
            <mark className={css.code}>{tail}</mark>
          </p>
        </div>
        {receiptUrl !== null && (
          <img src={receiptUrl} alt={t("billing.staff.receipt", { number: invoice.number })} className={css.acceptReceipt} />
        )}
      </div>
    </Dialog>
  )
}
