// /dashboard/setting/scan-requests: the account's scan requests, newest first, each with how far it
// has come (received, scanning, uploaded into a named folder, returned) and more on demand.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { Link } from "wouter"
import { useLocale, useT } from "../../../i18n/index.ts"
import { myScanRequestsMachine } from "../../../machines/scan/myScanRequests.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import * as css from "../../scan/scan.css.ts"
import { ScanRequestCard } from "../../scan/ScanRequestCard.tsx"
import { Alert, Button, buttonClassName, Card, EmptyState, ScanIcon, Skeleton } from "../../ui/index.ts"

export default function ScanRequestsPage() {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { text } = useNoticeText()
  useDocumentMeta(t("scan.mine.title"))
  const actor = useActorRef(myScanRequestsMachine, { input: { locale } })
  const { results, meta, error } = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : "ready"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const request = (
    <Link href={localePath("/request-scan")} className={buttonClassName({ variant: "primary", size: "sm" })}>
      <ScanIcon size={16} />
      {t("scan.mine.request")}
    </Link>
  )

  return (
    <Card title={t("scan.mine.title")} description={t("scan.mine.lead")} actions={results.length > 0 ? request : undefined}>
      {state === "failed" ? (
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "requests.retry" })}>
              {t("common.retry")}
            </Button>
          }
        >
          {text(error)}
        </Alert>
      ) : state === "loading" ? (
        <div aria-busy="true" className={css.skeletonStack}>
          {[0, 1].map((row) => (
            <Skeleton key={row} height={180} radius={12} />
          ))}
        </div>
      ) : results.length === 0 ? (
        <EmptyState
          icon={<ScanIcon size={24} />}
          title={t("scan.mine.empty")}
          description={t("scan.mine.emptyBody")}
          actions={request}
          bordered={false}
        />
      ) : (
        <>
          <ul className={css.list} aria-busy={busy}>
            {results.map((r) => (
              <ScanRequestCard key={r.id} request={r} folderLink />
            ))}
          </ul>
          {error !== null && (
            <Alert kind="error" className={css.more}>
              {text(error)}
            </Alert>
          )}
          {meta?.next_page != null && (
            <div className={css.more}>
              <Button variant="secondary" loading={busy} onClick={() => actor.send({ type: "requests.more" })}>
                {t("scan.mine.more")}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  )
}
