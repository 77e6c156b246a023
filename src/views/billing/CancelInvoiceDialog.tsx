// The question before an invoice is cancelled: which invoice (its number), how much (its unique code
// marked) and what follows. Cancelling cannot be undone and releases the unique code to other
// invoices, so a transfer made afterwards matches nothing: it is never one click.
import type { InvoiceDetail } from "../../contract/billing.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { Button, Dialog } from "../ui/index.ts"
import * as css from "./billing.css.ts"
import { codeText, splitAmount } from "./format.ts"

export const CancelInvoiceDialog = ({
  invoice,
  busy,
  onConfirm,
  onClose
}: {
  /** The invoice asked about; null while no question is open. */
  readonly invoice: InvoiceDetail | null
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
      title={t("billing.invoice.cancelTitle", { number: invoice.number })}
      description={t("billing.invoice.cancelBody", { plan: invoice.tier_name, code: codeText(invoice.unique_code) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("billing.invoice.cancelKeep")}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {t("billing.invoice.cancel")}
          </Button>
        </>
      }
    >
      <div>
        <p className={css.muted}>{t("billing.invoice.cancelAmount")}</p>
        <p className={css.amount} data-testid="cancel-amount">
          {head}
          <mark className={css.code}>{tail}</mark>
        </p>
      </div>
    </Dialog>
  )
}
