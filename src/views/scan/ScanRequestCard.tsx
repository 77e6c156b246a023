// One scan request as a card: its reference and state, when it was sent, what was asked for, how far
// it has come, and where the scans are once uploaded. Staff see the contact too and get actions.
import { Fragment, type ReactNode } from "react"
import { Link } from "wouter"
import { type ScanRequest, type ScanState, scanStates } from "../../contract/scan-requests.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { formatDate, formatDateTime } from "../account/dates.ts"
import { CheckIcon, FolderIcon } from "../ui/index.ts"
import * as css from "./scan.css.ts"
import { links } from "../../contract/routes.ts"

export const StateBadge = ({ state }: { readonly state: ScanState }) => {
  const t = useT()
  return (
    <span className={css.badge} data-state={state}>
      {t(`scan.states.${state}`)}
    </span>
  )
}

/** The states this request goes through: "returned" only when its slides go back. */
const statesOf = (request: ScanRequest): ReadonlyArray<ScanState> =>
  request.return_slides ? scanStates : scanStates.filter((s) => s !== "returned")

interface CardProps {
  readonly request: ScanRequest
  /** Staff see who sent it. */
  readonly showContact?: boolean
  /** Where the account finds its scans (a search of its files for the folder). */
  readonly folderLink?: boolean
  readonly actions?: ReactNode
}

export const ScanRequestCard = ({ request, showContact = false, folderLink = false, actions }: CardProps) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const titleId = `scan-${request.id}`
  const details: ReadonlyArray<readonly [string, string]> = [
    [t("scan.fields.diagnosis"), request.diagnosis],
    [t("scan.fields.preparations"), String(request.preparations)],
    [t("scan.fields.section"), request.section.name],
    [t("scan.fields.stain"), request.stain.name],
    [t("scan.fields.magnification"), request.magnification],
    [t("scan.fields.returnSlides"), request.return_slides ? t("scan.yes") : t("scan.no")],
    ...(request.return_slides && request.return_address !== null
      ? [[t("scan.fields.returnAddress"), request.return_address] as const]
      : []),
    ...(request.notes === "" ? [] : [[t("scan.fields.notes"), request.notes] as const]),
    ...(showContact
      ? [
          [
            t("scan.fields.contact"),
            [request.contact.name, request.contact.email, request.contact.phone].filter((v) => v !== null && v !== "").join("\n")
          ] as const,
          [t("scan.fields.account"), request.user_id === null ? t("scan.visitor") : request.contact.email] as const
        ]
      : [])
  ]
  return (
    <li className={css.card} aria-labelledby={titleId} data-testid="scan-request">
      <div className={css.cardHead}>
        <h3 id={titleId} className={css.cardTitle}>
          {request.reference}
        </h3>
        <StateBadge state={request.state} />
      </div>
      <p className={css.cardMeta}>
        <time dateTime={request.created_at} title={formatDateTime(locale, request.created_at)}>
          {t("scan.sentOn", { date: formatDate(locale, request.created_at) })}
        </time>
      </p>
      <ol className={css.timeline} aria-label={t("scan.timeline", { reference: request.reference })}>
        {statesOf(request).map((state) => {
          const at = request.timeline[state]
          const name = t(`scan.states.${state}`)
          return (
            <li key={state} className={css.timelineItem} data-reached={at !== null}>
              <span className={css.timelineDot} aria-hidden="true">
                {at !== null && <CheckIcon size={12} />}
              </span>
              {at !== null ? t("scan.reachedOn", { state: name, date: formatDate(locale, at) }) : t("scan.pending", { state: name })}
            </li>
          )
        })}
      </ol>
      {request.folder_name !== null && (
        <div className={css.folderNote}>
          <FolderIcon size={16} />
          <span>{t("scan.mine.uploadedIn", { folder: request.folder_name })}</span>
          {folderLink && <Link href={localePath(links.search(request.folder_name))}>{t("scan.mine.findFolder")}</Link>}
        </div>
      )}
      <dl className={css.answers}>
        {details.map(([term, value]) => (
          <Fragment key={term}>
            <dt className={css.answerTerm}>{term}</dt>
            <dd className={css.answerValue}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {actions && <div className={css.cardActions}>{actions}</div>}
    </li>
  )
}
