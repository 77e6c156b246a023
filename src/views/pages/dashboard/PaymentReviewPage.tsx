// /dashboard/staff/payments: transfer receipts waiting for verification, oldest first, each with the
// receipt to look at (an image inline, a PDF to open), the amount to find in the bank's statement, and
// accept, or reject with a reason. The list loads again after each decision. The server decides who is
// staff; anyone else is told the page is not theirs.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useEffect, useMemo, useState } from "react"
import type { StaffInvoice } from "../../../contract/billing.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { paymentReviewMachine } from "../../../machines/billing/paymentReview.machine.ts"
import { formatDateTime } from "../../account/dates.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { AcceptPaymentDialog } from "../../billing/AcceptPaymentDialog.tsx"
import * as css from "../../billing/billing.css.ts"
import { formatIdr, splitAmount } from "../../billing/format.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import {
  Alert,
  Button,
  CheckIcon,
  Dialog,
  EmptyState,
  InboxIcon,
  PageHeader,
  ShieldIcon,
  Skeleton,
  TextField,
  useToast,
  XIcon
} from "../../ui/index.ts"

export default function PaymentReviewPage() {
  const t = useT()
  const { text, field } = useNoticeText()
  const toast = useToast()
  useDocumentMeta(t("billing.staff.metaTitle"))
  const actor = useActorRef(paymentReviewMachine)
  const { results, count, proofs, error, actionError, fields, acting, decided } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) =>
    s.matches("forbidden")
      ? "forbidden"
      : s.matches("failed")
        ? "failed"
        : s.matches("loading") && s.context.results.length === 0
          ? "loading"
          : "ready"
  )
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const [rejecting, setRejecting] = useState<StaffInvoice | null>(null)
  const [accepting, setAccepting] = useState<StaffInvoice | null>(null)
  // The receipt beside the amount when it is an image (a PDF opens from its card instead).
  const acceptingProof = accepting === null || accepting.proof?.content_type === "application/pdf" ? null : (proofs[accepting.id] ?? null)
  const acceptingUrl = useMemo(() => (acceptingProof === null ? null : URL.createObjectURL(acceptingProof)), [acceptingProof])
  useEffect(() => () => (acceptingUrl === null ? undefined : URL.revokeObjectURL(acceptingUrl)), [acceptingUrl])
  const [reason, setReason] = useState("")

  useEffect(() => {
    if (decided === null) return
    setRejecting(null)
    setAccepting(null)
    toast.toast({ kind: "success", title: t(`billing.staff.${decided.decision}`, { number: decided.number }) })
  }, [decided, t, toast])

  if (phase === "forbidden") {
    return (
      <EmptyState
        icon={<ShieldIcon size={24} />}
        title={t("billing.staff.forbiddenTitle")}
        description={t("billing.staff.forbiddenBody")}
      />
    )
  }

  return (
    <div className={css.page}>
      <PageHeader
        title={t("billing.staff.title")}
        description={t("billing.staff.lead")}
        actions={phase === "ready" ? <span className={css.muted}>{t("billing.staff.count", { count })}</span> : undefined}
      />
      {actionError !== null && <Alert kind="error">{text(actionError)}</Alert>}
      {phase === "failed" ? (
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "staff.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {text(error)}
        </Alert>
      ) : phase === "loading" ? (
        <div aria-busy="true" className={css.stack}>
          {[0, 1].map((n) => (
            <Skeleton key={n} height={260} radius={16} />
          ))}
        </div>
      ) : results.length === 0 ? (
        <EmptyState icon={<InboxIcon size={24} />} title={t("billing.staff.empty")} description={t("billing.staff.emptyBody")} />
      ) : (
        <ul className={css.staffList} aria-busy={busy}>
          {results.map((invoice) => (
            <PaymentCard
              key={invoice.id}
              invoice={invoice}
              proof={proofs[invoice.id] ?? null}
              acting={acting === invoice.id}
              disabled={busy}
              onAccept={() => setAccepting(invoice)}
              onReject={() => {
                setReason("")
                setRejecting(invoice)
              }}
            />
          ))}
        </ul>
      )}
      <AcceptPaymentDialog
        invoice={accepting}
        receiptUrl={acceptingUrl}
        busy={acting !== null}
        onConfirm={() => accepting !== null && actor.send({ type: "staff.accept", id: accepting.id })}
        onClose={() => setAccepting(null)}
      />
      <Dialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t("billing.staff.rejectTitle", { number: rejecting?.number ?? "" })}
        description={t("billing.staff.rejectBody")}
        dismissible={acting === null}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(null)}>
              {t("billing.staff.cancel")}
            </Button>
            <Button type="submit" form="reject-payment" variant="danger" loading={acting !== null}>
              {t("billing.staff.reject")}
            </Button>
          </>
        }
      >
        <form
          id="reject-payment"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (rejecting !== null) actor.send({ type: "staff.reject", id: rejecting.id, reason })
          }}
        >
          <TextField
            label={t("billing.staff.reason")}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={field(fields, "reason")}
            aria-required="true"
            maxLength={500}
            autoFocus
          />
        </form>
      </Dialog>
    </div>
  )
}

function PaymentCard(props: {
  readonly invoice: StaffInvoice
  readonly proof: Blob | null
  readonly acting: boolean
  readonly disabled: boolean
  readonly onAccept: () => void
  readonly onReject: () => void
}) {
  const { invoice, proof } = props
  const t = useT()
  const { locale } = useLocale()
  const url = useMemo(() => (proof === null ? null : URL.createObjectURL(proof)), [proof])
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url])
  const { head, tail } = splitAmount(locale, invoice.amount)
  const isPdf = invoice.proof?.content_type === "application/pdf"
  return (
    <li className={css.staffCard} aria-labelledby={`payment-${invoice.id}`}>
      <div className={css.stack}>
        <div>
          <h2 id={`payment-${invoice.id}`} className={css.heading}>
            {invoice.number} · {invoice.tier_name}
          </h2>
          <p className={css.muted}>
            {t("billing.staff.from", { name: invoice.user.name || invoice.user.email, email: invoice.user.email })}
          </p>
        </div>
        <div className={css.amount}>
          <span>
            {head}
            <mark className={css.code}>{tail}</mark>
          </span>
        </div>
        <dl className={css.rows}>
          {invoice.proof !== null && (
            <div className={css.row}>
              <dt className={css.rowName}>{t("billing.staff.uploadedAt", { date: "" }).trim()}</dt>
              <dd className={css.rowValue}>{formatDateTime(locale, invoice.proof.uploaded_at)}</dd>
            </div>
          )}
          {invoice.verify_by !== null && (
            <div className={css.row}>
              <dt className={css.rowName}>{t("billing.staff.verifyBy", { date: "" }).trim()}</dt>
              <dd className={css.rowValue}>{formatDateTime(locale, invoice.verify_by)}</dd>
            </div>
          )}
          <div className={css.row}>
            <dt className={css.rowName}>{t("billing.invoice.price")}</dt>
            <dd className={css.rowValue}>{formatIdr(locale, invoice.price)}</dd>
          </div>
        </dl>
        <div className={css.actions}>
          <Button iconStart={<CheckIcon size={16} />} loading={props.acting} disabled={props.disabled} onClick={props.onAccept}>
            {t("billing.staff.accept")}
          </Button>
          <Button variant="danger" iconStart={<XIcon size={16} />} disabled={props.disabled} onClick={props.onReject}>
            {t("billing.staff.reject")}
          </Button>
        </div>
      </div>
      <div>
        {url === null ? (
          <Alert kind="warning">{t("billing.staff.receiptMissing")}</Alert>
        ) : isPdf ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className={css.link}>
            {t("billing.staff.openReceipt")}
          </a>
        ) : (
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} alt={t("billing.staff.receipt", { number: invoice.number })} className={css.proofImage} />
          </a>
        )}
      </div>
    </li>
  )
}
