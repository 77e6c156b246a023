// /dashboard/staff/scan-requests: every scan request sent to the lab, for staff. A filter by state,
// each request with its contact and the one action that moves it on; an upload asks for the folder
// the scans went into. The server decides who is staff; anyone else is told the page is not theirs.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useEffect, useState } from "react"
import { nextScanState, type ScanRequest, type ScanState, scanStates } from "../../../contract/scan-requests.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { staffScanRequestsMachine } from "../../../machines/scan/staffScanRequests.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { visuallyHidden } from "../../theme/utilities.css.ts"
import * as css from "../../scan/scan.css.ts"
import { ScanRequestCard } from "../../scan/ScanRequestCard.tsx"
import { Alert, Button, Dialog, EmptyState, PageHeader, ScanIcon, ShieldIcon, Skeleton, TextField, useToast } from "../../ui/index.ts"

export default function StaffScanRequestsPage() {
  const t = useT()
  const { locale } = useLocale()
  const { text, field } = useNoticeText()
  const toast = useToast()
  useDocumentMeta(t("scan.staff.metaTitle"))
  const actor = useActorRef(staffScanRequestsMachine, { input: { locale } })
  const { results, meta, error, changeError, fields, filter, moving, moved } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) =>
    s.matches("forbidden") ? "forbidden" : s.matches("failed") ? "failed" : s.matches("loading") ? "loading" : "ready"
  )
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  // The request whose folder is being asked for, and what was typed.
  const [uploading, setUploading] = useState<ScanRequest | null>(null)
  const [folder, setFolder] = useState("")

  useEffect(() => {
    if (moved === null) return
    setUploading(null)
    toast.toast({ kind: "success", title: t("scan.staff.moved", { reference: moved.reference, state: t(`scan.states.${moved.state}`) }) })
  }, [moved, t, toast])

  const advance = (request: ScanRequest) => {
    if (nextScanState(request.state, request.return_slides) === "uploaded") {
      setFolder("")
      setUploading(request)
    } else actor.send({ type: "staff.advance", id: request.id })
  }

  if (phase === "forbidden") {
    return (
      <div className={css.staffPage}>
        <EmptyState icon={<ShieldIcon size={24} />} title={t("scan.staff.forbiddenTitle")} description={t("scan.staff.forbiddenBody")} />
      </div>
    )
  }

  const filters: ReadonlyArray<ScanState | null> = [null, ...scanStates]
  return (
    <div className={css.staffPage}>
      <PageHeader title={t("scan.staff.title")} description={t("scan.staff.lead")} />
      <fieldset className={css.filters}>
        <legend className={visuallyHidden}>{t("scan.staff.filter")}</legend>
        {filters.map((state) => (
          <Button
            key={state ?? "all"}
            size="sm"
            variant={filter === state ? "primary" : "secondary"}
            aria-pressed={filter === state}
            onClick={() => actor.send({ type: "staff.filter", state })}
          >
            {state === null ? t("scan.staff.all") : t(`scan.states.${state}`)}
          </Button>
        ))}
      </fieldset>
      {changeError !== null && <Alert kind="error">{text(changeError)}</Alert>}
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
        <div aria-busy="true" className={css.skeletonStack}>
          {[0, 1].map((row) => (
            <Skeleton key={row} height={220} radius={12} />
          ))}
        </div>
      ) : results.length === 0 ? (
        <EmptyState icon={<ScanIcon size={24} />} title={t("scan.staff.empty")} />
      ) : (
        <>
          <ul className={css.list} aria-busy={busy}>
            {results.map((request) => {
              const next = nextScanState(request.state, request.return_slides)
              return (
                <ScanRequestCard
                  key={request.id}
                  request={request}
                  showContact
                  actions={
                    next === null || next === "received" ? (
                      <span className={css.cardMeta}>{t("scan.staff.done")}</span>
                    ) : (
                      <Button size="sm" loading={moving === request.id} disabled={busy} onClick={() => advance(request)}>
                        {t(`scan.staff.next.${next}`)}
                      </Button>
                    )
                  }
                />
              )
            })}
          </ul>
          {error !== null && <Alert kind="error">{text(error)}</Alert>}
          {meta?.next_page != null && (
            <div className={css.more}>
              <Button variant="secondary" loading={busy} onClick={() => actor.send({ type: "staff.more" })}>
                {t("scan.staff.more")}
              </Button>
            </div>
          )}
        </>
      )}
      <Dialog
        open={uploading !== null}
        onClose={() => setUploading(null)}
        title={t("scan.staff.folderTitle", { reference: uploading?.reference ?? "" })}
        description={t("scan.staff.folderBody")}
        dismissible={moving === null}
        footer={
          <>
            <Button variant="secondary" onClick={() => setUploading(null)}>
              {t("scan.staff.cancel")}
            </Button>
            <Button type="submit" form="scan-folder" loading={moving !== null}>
              {t("scan.staff.next.uploaded")}
            </Button>
          </>
        }
      >
        <form
          id="scan-folder"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (uploading !== null) actor.send({ type: "staff.advance", id: uploading.id, folderName: folder })
          }}
        >
          <TextField
            label={t("scan.staff.folderLabel")}
            name="folder_name"
            value={folder}
            onChange={(event) => setFolder(event.currentTarget.value)}
            error={field(fields, "folder_name")}
            aria-required="true"
            autoFocus
          />
        </form>
      </Dialog>
    </div>
  )
}
