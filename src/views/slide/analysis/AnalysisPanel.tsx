// The slide viewer's analysis tab (issue 24): runs the panel's machine (analysisPanel.machine.ts) for
// the slide, tells it the slide's `ai_annotation_{labId}` changes as they arrive, and renders the
// state it is in: the form, the running job's progress, the results, the upgrade offer of a plan
// without analyses. The detections themselves reach the viewer as any annotation does (the
// workspace's live feed), so everyone on the slide sees them appear.
import { useSelector } from "@xstate/react"
import { useState } from "react"
import type { AnalysisRegion } from "../../../contract/analysis.ts"
import type { LabDetail } from "../../../contract/labs.ts"
import { mayAnnotate } from "../../../contract/permissions.ts"
import { labChannel } from "../../../contract/realtime.ts"
import { links } from "../../../contract/routes.ts"
import { ringOf } from "../../../annotation/counting.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { analysisPanelMachine } from "../../../machines/analysis/analysisPanel.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { useChannel } from "../../realtime/useChannel.ts"
import { useSession } from "../../session.tsx"
import { Spinner } from "../../ui/index.ts"
import { useActorRef } from "../../useActorRef.ts"
import type { AnnotationsView } from "../annotation/useAnnotations.ts"
import { fileNameOf } from "../annotation/panels/records.ts"
import * as panels from "../annotation/panels/panels.css.ts"
import * as css from "./analysis.css.ts"
import { AnalysisFormSection } from "./AnalysisFormSection.tsx"
import { JobProgress, JobResults, rowName } from "./AnalysisJobView.tsx"
import { DetectionsLayer } from "./DetectionsLayer.tsx"
import { type AnalysisForm, defaultForm, orderOf } from "./parameters.ts"
import { categoryText, type SlideUnits, summaryCsv, summaryRows, unitText } from "./summary.ts"

const saveText = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const AnalysisPanel = ({ lab, view }: { readonly lab: LabDetail; readonly view: AnnotationsView }) => {
  const t = useT()
  const { localePath } = useLocale()
  const notice = useNoticeText()
  const { user } = useSession()
  const actor = useActorRef(analysisPanelMachine, { input: { labId: lab.id } })
  const state = useSelector(actor, (s) => s)
  const { job, usage, failure, payment, removed } = state.context
  const [form, setForm] = useState<AnalysisForm>(defaultForm)
  const [useShape, setUseShape] = useState(false)

  useChannel(labChannel(lab.id), ["analysisChanged"], (message) => {
    if (message.id === lab.id) actor.send({ type: "job.changed", change: message.data })
  })

  // The selected shape is a region when it is closed (a rectangle, ellipse, polygon or area).
  const selected = view.selected !== null && ringOf(view.selected) !== null ? view.selected : null
  const shapeName = selected === null ? null : selected.props?.name || selected.labelName
  const region: AnalysisRegion = useShape && selected !== null ? { type: "annotation", annotation_id: selected.id } : { type: "slide" }
  const order = orderOf(form, lab.id, region)
  // Periodontitis' landmarks: the selected points, in the order they were selected.
  const selectedPoints = view
    .selectedShapes()
    .filter((shape) => shape.kind === "points")
    .flatMap((shape) =>
      Array.from({ length: shape.coords.length / 2 }, (_, i) => ({ x: shape.coords[2 * i]!, y: shape.coords[2 * i + 1]! }))
    )
  const units: SlideUnits =
    lab.mpp !== null
      ? { area: t("viewer.analysis.unitUm2"), length: t("viewer.analysis.unitUm") }
      : { area: t("viewer.analysis.unitPx2"), length: t("viewer.analysis.unitPx") }
  const mine = job !== null && job.userId === user?.id
  const mayManage = mine || mayAnnotate(lab.role, "analysis.manage")

  const exportCsv = () => {
    if (job === null) return
    const text = summaryCsv({
      slide: lab.name,
      analysis: t(`viewer.analysis.kinds.${job.analysis}`),
      region: region.type === "slide" ? t("viewer.analysis.wholeSlide") : (shapeName ?? ""),
      exportedAt: new Date().toISOString(),
      rows: summaryRows(job.analysis, job.summary).map((row) => ({
        name: rowName(t, row),
        value: categoryText(row) ?? row.value,
        unit: unitText(row.unit, units)
      })),
      headers: { figure: t("viewer.analysis.csv.figure"), value: t("viewer.analysis.csv.value"), unit: t("viewer.analysis.csv.unit") }
    })
    saveText(text, fileNameOf(lab.name, `.${job.analysis}.csv`))
  }

  const showForm = state.matches("idle") || state.matches("submitting") || state.matches("failed") || state.matches("cancelled")
  return (
    <div data-testid="analysis-panel" data-state={typeof state.value === "string" ? state.value : Object.keys(state.value)[0]}>
      <section className={panels.section} aria-labelledby="analysis-title">
        <div className={css.head}>
          <h2 id="analysis-title" className={css.title}>
            {t("viewer.analysis.title")}
          </h2>
          {usage !== null && (
            <span className={css.usage} data-testid="analysis-usage">
              {usage.limit > 0
                ? t("viewer.analysis.usage", { remaining: usage.remaining, limit: usage.limit })
                : t("viewer.analysis.usageFree")}
            </span>
          )}
        </div>
      </section>
      <section className={panels.section}>
        {state.matches("loading") && <Spinner size={18} label={t("viewer.analysis.loading")} />}
        {failure !== null && (
          <p className={css.alert} role="alert" data-testid="analysis-error">
            <span className={css.alertTitle}>{t(failure.title)}</span>
            {failure.detail && notice.text(failure.detail)}
          </p>
        )}
        {removed !== null && (
          <p className={css.note} role="status">
            {t("viewer.analysis.removed", { count: removed })}
          </p>
        )}
        {state.matches("failed") && (
          <p className={css.alert} role="alert" data-testid="analysis-failed">
            <span className={css.alertTitle}>{t("errors.aiFailed")}</span>
            {job?.error}
          </p>
        )}
        {state.matches("cancelled") && (
          <p className={css.note} role="status" data-testid="analysis-cancelled">
            {t("viewer.analysis.cancelledBody")}
          </p>
        )}
        {state.matches("paymentRequired") && payment !== null && (
          <div className={css.upgrade} data-testid="analysis-upgrade">
            <h3 className={css.upgradeTitle}>
              {payment.code === "analysis_limit" ? t("viewer.analysis.upgrade.limitTitle") : t("viewer.analysis.upgrade.title")}
            </h3>
            <p className={css.upgradeBody}>{payment.message || t("viewer.analysis.upgrade.body")}</p>
            <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
              <a className={css.upgradeLink} href={localePath(links.pricing())} data-testid="analysis-upgrade-link">
                {t("viewer.analysis.upgrade.action")}
              </a>
              <button type="button" className={panels.textButton} onClick={() => actor.send({ type: "analysis.new" })}>
                {t("viewer.analysis.back")}
              </button>
            </div>
          </div>
        )}
        {state.matches("running") && job !== null && (
          <JobProgress
            job={job}
            cancelling={state.matches({ running: "cancelling" })}
            canCancel={mayManage}
            onCancel={() => actor.send({ type: "analysis.cancel" })}
          />
        )}
        {state.matches("done") && job !== null && (
          <JobResults
            job={job}
            units={units}
            removing={state.matches({ done: "removing" })}
            canRemove={mayManage}
            onRemove={() => actor.send({ type: "results.remove" })}
            onExport={exportCsv}
            onNew={() => actor.send({ type: "analysis.new" })}
          />
        )}
        {showForm && (
          <AnalysisFormSection
            form={form}
            onForm={setForm}
            region={{ useShape: useShape && selected !== null, shapeName }}
            onRegion={setUseShape}
            hasResolution={lab.mpp !== null}
            selectedPoints={selectedPoints}
            busy={state.hasTag("busy")}
            valid={order !== null}
            onRun={() => order !== null && actor.send({ type: "analysis.run", order })}
          />
        )}
      </section>
      <DetectionsLayer labels={view.labels} />
    </div>
  )
}
