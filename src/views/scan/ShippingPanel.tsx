// Where to send the glass slides of a request just sent: the receiving lab's address and hours (the
// server's configuration, in the answer to the request), the reference to write on the parcel, and
// how to pack the slides (our words, the same as the confirmation mail's).
import { useId } from "react"
import type { ReceivingLab } from "../../contract/scan-requests.ts"
import { useT } from "../../i18n/index.ts"
import * as css from "./scan.css.ts"

/** In the order a person packs. */
const packingSteps = ["mailer", "padding", "dry", "reference"] as const

export const ShippingPanel = ({ lab, reference }: { readonly lab: ReceivingLab; readonly reference: string }) => {
  const t = useT()
  const titleId = useId()
  return (
    <section className={css.shipping} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.reviewTitle}>
        {t("public.requestScan.shipping.title")}
      </h3>
      <dl className={css.answers}>
        <dt className={css.answerTerm}>{t("public.requestScan.shipping.address")}</dt>
        <dd className={css.answerValue}>{lab.address}</dd>
        <dt className={css.answerTerm}>{t("public.requestScan.shipping.hours")}</dt>
        <dd className={css.answerValue}>{lab.hours}</dd>
        <dt className={css.answerTerm}>{t("public.requestScan.shipping.parcel")}</dt>
        <dd className={css.answerValue}>
          <span className={css.reference}>{reference}</span>
        </dd>
      </dl>
      <div>
        <h4 className={css.reviewTitle}>{t("public.requestScan.shipping.packingTitle")}</h4>
        <ol className={css.packingSteps}>
          {packingSteps.map((step) => (
            <li key={step}>{t(`public.requestScan.shipping.packing.${step}`)}</li>
          ))}
        </ol>
      </div>
    </section>
  )
}
