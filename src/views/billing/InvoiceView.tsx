// One invoice (/dashboard/invoices/{id}): what to transfer (the unique code highlighted), where to,
// by when, its status, and what may be done now as the server says: send the receipt, cancel,
// download the invoice PDF or the receipt PDF once paid; the rejection's reason, the 2 x 24 hour
// promise while staff verify, and its history.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useEffect, useRef, useState } from "react"
import { type InvoiceDetail, PROOF_MAX_BYTES, PROOF_TYPES } from "../../contract/billing.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { invoicePaymentMachine } from "../../machines/billing/invoicePayment.machine.ts"
import { formatDate, formatDateTime } from "../account/dates.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useDocumentMeta } from "../document-meta.ts"
import { useShowInvoice } from "../shell/shown-invoice.ts"
import {
  Alert,
  Button,
  Card,
  EmptyState,
  FieldError,
  LinkButton,
  PageHeader,
  ReceiptIcon,
  Skeleton,
  UploadIcon,
  useToast
} from "../ui/index.ts"
import * as css from "./billing.css.ts"
import { CancelInvoiceDialog } from "./CancelInvoiceDialog.tsx"
import { CopyButton } from "./CopyButton.tsx"
import { codeText, formatIdr, splitAmount } from "./format.ts"
import { saveFile } from "./save-file.ts"
import { StatusBadge } from "./StatusBadge.tsx"
import { usePaymentEvents } from "./usePaymentEvents.ts"
import { links } from "../../contract/routes.ts"

const MB = PROOF_MAX_BYTES / 1024 / 1024

export function InvoiceView({ id }: { readonly id: string }) {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { text } = useNoticeText()
  const toast = useToast()
  const actor = useActorRef(invoicePaymentMachine, { input: { id } })
  const { invoice, error, actionError, fileError, file, done } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) =>
    s.matches("notFound") ? "notFound" : s.matches("failed") ? "failed" : s.context.invoice === null ? "loading" : "ready"
  )
  const busy = useSelector(actor, (s) =>
    s.matches("uploading") ? "upload" : s.matches("cancelling") ? "cancel" : s.matches("downloading") ? "download" : null
  )
  // The question stays open while the cancel is sent, its button busy.
  const asking = useSelector(actor, (s) => s.matches("confirmingCancel") || s.matches("cancelling"))
  const [chosen, setChosen] = useState<File | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useDocumentMeta(invoice === null ? t("billing.invoice.metaTitle") : t("billing.invoice.title", { number: invoice.number }))
  usePaymentEvents(() => actor.send({ type: "invoice.refresh" }))
  useShowInvoice(id, invoice?.number)

  useEffect(() => {
    if (file !== null) saveFile(file)
  }, [file])
  useEffect(() => {
    if (done === null) return
    toast.toast({ kind: "success", title: t(done === "uploaded" ? "billing.invoice.uploaded" : "billing.invoice.cancelled") })
    if (done === "uploaded") {
      setChosen(null)
      if (input.current !== null) input.current.value = ""
    }
  }, [done, t, toast])

  if (phase === "notFound") {
    return (
      <EmptyState
        icon={<ReceiptIcon size={24} />}
        title={t("billing.invoice.notFoundTitle")}
        description={t("billing.invoice.notFoundBody")}
        actions={
          <LinkButton href={localePath(links.settings.billings())} variant="secondary">
            {t("billing.invoice.toList")}
          </LinkButton>
        }
      />
    )
  }
  if (phase === "failed") {
    return (
      <Alert
        kind="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "invoice.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {error === null ? t("billing.invoice.failed") : text(error)}
      </Alert>
    )
  }
  if (invoice === null) {
    return (
      <div aria-busy="true" className={css.stack}>
        <Skeleton height={48} radius={8} />
        <Skeleton height={320} radius={16} />
      </div>
    )
  }

  return (
    <div className={css.page}>
      <PageHeader
        title={t("billing.invoice.title", { number: invoice.number })}
        description={<StatusBadge status={invoice.status} />}
        actions={
          <div className={css.actions}>
            {invoice.actions.download && (
              <Button
                variant="secondary"
                loading={busy === "download"}
                disabled={busy !== null}
                onClick={() => actor.send({ type: "invoice.download", which: "invoice" })}
              >
                {t("billing.invoice.downloadInvoice")}
              </Button>
            )}
            {invoice.actions.receipt && (
              <Button
                variant="secondary"
                loading={busy === "download"}
                disabled={busy !== null}
                onClick={() => actor.send({ type: "invoice.download", which: "receipt" })}
              >
                {t("billing.invoice.downloadReceipt")}
              </Button>
            )}
          </div>
        }
      />
      {actionError !== null && <Alert kind="error">{text(actionError)}</Alert>}
      <StatusMessage invoice={invoice} />
      <div className={css.columns}>
        <div className={css.stack}>
          {(invoice.status === "unpaid" || invoice.status === "waiting") && <AmountToTransfer invoice={invoice} />}
          {invoice.actions.upload_proof && (
            <Card title={t("billing.invoice.uploadTitle")} description={t("billing.invoice.uploadLead", { mb: MB })}>
              <form
                className={css.upload}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault()
                  if (chosen !== null) actor.send({ type: "invoice.upload", file: chosen })
                }}
              >
                <label htmlFor="proof-file" className={css.rowName}>
                  {t("billing.invoice.chooseFile")}
                </label>
                <input
                  ref={input}
                  id="proof-file"
                  name="file"
                  type="file"
                  accept={PROOF_TYPES.join(",")}
                  className={css.fileInput}
                  aria-invalid={fileError !== null}
                  aria-describedby={fileError !== null ? "proof-file-error" : undefined}
                  onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
                />
                {fileError !== null && <FieldError id="proof-file-error">{text(fileError)}</FieldError>}
                <div>
                  <Button
                    type="submit"
                    iconStart={<UploadIcon size={16} />}
                    loading={busy === "upload"}
                    disabled={chosen === null || busy !== null}
                  >
                    {invoice.proof === null ? t("billing.invoice.send") : t("billing.invoice.replace")}
                  </Button>
                </div>
              </form>
            </Card>
          )}
          <Card title={t("billing.invoice.historyTitle")}>
            <ol className={css.history}>
              {invoice.history.map((entry) => (
                <li key={entry.id} className={css.historyItem}>
                  <span className={css.dot} aria-hidden="true" />
                  <div>
                    <div>
                      {t(`billing.invoice.history.${entry.kind}`, {
                        // History names plans by id; this invoice's own plan by its name.
                        plan: entry.plan === undefined || entry.plan === invoice.tier ? invoice.tier_name : entry.plan,
                        reason: entry.reason ?? ""
                      })}
                    </div>
                    <p className={css.muted}>
                      {formatDateTime(locale, entry.at)} · {t("billing.invoice.historyBy", { who: t(`billing.invoice.by.${entry.by}`) })}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <div className={css.stack}>
          <Card>
            <dl className={css.rows}>
              <Row name={t("billing.invoice.plan")} value={invoice.tier_name} />
              <Row name={t("billing.invoice.created")} value={formatDate(locale, invoice.created_at)} />
              {invoice.status !== "paid" && invoice.status !== "cancelled" && (
                <Row name={t("billing.invoice.due")} value={formatDateTime(locale, invoice.due_at)} />
              )}
              {invoice.paid_at !== null && <Row name={t("billing.invoice.paid")} value={formatDate(locale, invoice.paid_at)} />}
              {invoice.period !== null && (
                <Row
                  name={t("billing.invoice.period")}
                  value={t("billing.invoice.periodRange", {
                    start: formatDate(locale, invoice.period.starts_at),
                    end: formatDate(locale, invoice.period.ends_at)
                  })}
                />
              )}
              <Row
                name={invoice.status === "paid" ? t("billing.invoice.amountPaid") : t("billing.invoice.total")}
                value={formatIdr(locale, invoice.amount)}
              />
            </dl>
          </Card>
          {invoice.actions.cancel && (
            <div>
              <Button
                variant="danger"
                loading={busy === "cancel"}
                disabled={busy !== null}
                onClick={() => actor.send({ type: "invoice.cancel" })}
              >
                {t("billing.invoice.cancel")}
              </Button>
            </div>
          )}
          <CancelInvoiceDialog
            invoice={asking ? invoice : null}
            busy={busy === "cancel"}
            onConfirm={() => actor.send({ type: "invoice.confirmCancel" })}
            onClose={() => actor.send({ type: "invoice.back" })}
          />
        </div>
      </div>
    </div>
  )
}

const Row = ({ name, value, copy }: { readonly name: string; readonly value: string; readonly copy?: string }) => (
  <div className={css.row}>
    <dt className={css.rowName}>{name}</dt>
    <dd className={css.rowValue}>
      <span className={copy !== undefined ? css.mono : undefined}>{value}</span>
      {copy !== undefined && <CopyButton value={copy} what={name} />}
    </dd>
  </div>
)

/** What the status means for the user now: the promise, the reason, the period paid for. */
const StatusMessage = ({ invoice }: { readonly invoice: InvoiceDetail }) => {
  const t = useT()
  const { locale } = useLocale()
  if (invoice.status === "waiting" && invoice.proof !== null) {
    return (
      <Alert kind="info">
        {t("billing.invoice.verifying", {
          date: formatDateTime(locale, invoice.proof.uploaded_at),
          by: invoice.verify_by === null ? "" : formatDateTime(locale, invoice.verify_by)
        })}
      </Alert>
    )
  }
  if (invoice.status === "unpaid" && invoice.rejection_reason !== null) {
    return (
      <Alert kind="warning" title={t("billing.invoice.rejectedTitle")}>
        {t("billing.invoice.rejectedBody", { reason: invoice.rejection_reason })}
      </Alert>
    )
  }
  if (invoice.status === "paid" && invoice.period !== null) {
    return (
      <Alert kind="success">
        {t("billing.invoice.paidBody", {
          plan: invoice.tier_name,
          start: formatDate(locale, invoice.period.starts_at),
          end: formatDate(locale, invoice.period.ends_at)
        })}
      </Alert>
    )
  }
  if (invoice.status === "cancelled") return <Alert kind="info">{t("billing.invoice.cancelledBody")}</Alert>
  return null
}

/** The exact amount with its unique code highlighted, and the account to send it to. */
const AmountToTransfer = ({ invoice }: { readonly invoice: InvoiceDetail }) => {
  const t = useT()
  const { locale } = useLocale()
  const { head, tail } = splitAmount(locale, invoice.amount)
  return (
    <Card title={t("billing.invoice.bankTitle")}>
      <div className={css.stack}>
        <div className={css.amountBox}>
          <p className={css.amountLabel}>{t("billing.invoice.amountTitle")}</p>
          <div className={css.amount}>
            <span data-testid="amount">
              {head}
              <mark className={css.code}>{tail}</mark>
            </span>
            <CopyButton value={String(invoice.amount)} what={t("billing.invoice.total")} />
          </div>
          <p className={css.muted}>{t("billing.invoice.amountLead", { code: codeText(invoice.unique_code) })}</p>
        </div>
        <dl className={css.rows}>
          <Row name={t("billing.invoice.bank")} value={invoice.bank.bank_name} />
          <Row name={t("billing.invoice.accountNumber")} value={invoice.bank.account_number} copy={invoice.bank.account_number} />
          <Row name={t("billing.invoice.accountHolder")} value={invoice.bank.account_holder} />
        </dl>
        <p className={css.muted}>{t("billing.invoice.reference", { number: invoice.number })}</p>
      </div>
    </Card>
  )
}
