// Giving the slide its resolution, for its owner and admins (the server refuses anyone else): shown
// when the slide records no microns per pixel (type them in), and whenever the ruler has measured a
// line ("calibrate from this line": type the line's real length in µm). The flow is
// calibrate.machine.ts; the page's slide takes the answer, so the scale bar and measurements follow.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../../useActorRef.ts"
import { type FormEvent, useEffect, useState } from "react"
import type { LabDetail } from "../../../../contract/labs.ts"
import { can } from "../../../../contract/permissions.ts"
import { present } from "../../../../effects/Catalogue.ts"
import { useLocale, useT } from "../../../../i18n/index.ts"
import { calibrateMachine } from "../../../../machines/slide/calibrate.machine.ts"
import { useNoticeText } from "../../../account/useNoticeText.ts"
import { useToast } from "../../../ui/index.ts"
import * as css from "./panels.css.ts"

export interface CalibrationSectionProps {
  readonly lab: Pick<LabDetail, "id" | "mpp" | "role">
  /** The finished ruler line's length in image pixels, or null. */
  readonly rulerPx: number | null
  readonly onCalibrated: (mpp: number) => void
}

/** A number as typed in either language ("0,25" or "0.25"); NaN when it is not one. */
const typed = (text: string): number =>
  /^\s*\d*([.,]\d+)?\s*$/.test(text) && /\d/.test(text) ? Number(text.trim().replace(",", ".")) : Number.NaN

export const CalibrationSection = ({ lab, rulerPx, onCalibrated }: CalibrationSectionProps) => {
  const t = useT()
  const { locale } = useLocale()
  const { toast } = useToast()
  const notice = useNoticeText()
  const flow = useActorRef(calibrateMachine, { input: { labId: lab.id } })
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  const invalid = useSelector(flow, (s) => s.context.error === "invalid")
  const [mpp, setMpp] = useState("")
  const [microns, setMicrons] = useState("")

  useEffect(() => {
    const subscriptions = [
      flow.on("calibrated", ({ lab: saved }) => {
        if (saved.mpp !== null) onCalibrated(saved.mpp)
        setMpp("")
        setMicrons("")
        toast({ kind: "success", title: t("viewer.calibrate.saved") })
      }),
      flow.on("calibrate.failed", ({ error }) => {
        const message = notice.text(present(error).notice)
        toast({ kind: "error", title: t("viewer.calibrate.failed"), ...(message ? { message } : {}) })
      })
    ]
    return () => {
      for (const s of subscriptions) s.unsubscribe()
    }
  }, [flow, onCalibrated, toast, t, notice])

  if (!can(lab.role, "lab.calibrate") || (lab.mpp !== null && rulerPx === null)) return null

  const submitMpp = (event: FormEvent) => {
    event.preventDefault()
    flow.send({ type: "calibrate.mpp", mpp: typed(mpp) })
  }
  const submitLine = (event: FormEvent) => {
    event.preventDefault()
    if (rulerPx !== null) flow.send({ type: "calibrate.line", microns: typed(microns), pixels: rulerPx })
  }
  const px = rulerPx === null ? "" : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(rulerPx)

  return (
    <section className={css.section} aria-labelledby="annotation-calibrate-title" data-testid="calibrate-panel">
      <div className={css.sectionHead}>
        <h2 id="annotation-calibrate-title" className={css.heading}>
          {t("viewer.calibrate.title")}
        </h2>
        {lab.mpp !== null && <span className={css.count}>{t("viewer.calibrate.current", { mpp: String(lab.mpp) })}</span>}
      </div>
      {lab.mpp === null && <p className={css.hint}>{t("viewer.calibrate.missing")}</p>}
      {rulerPx !== null ? (
        <form className={css.form} onSubmit={submitLine} data-testid="calibrate-line">
          <label className={css.hint} style={{ flex: 1 }}>
            {t("viewer.calibrate.lineLength", { px })}
            <input
              className={css.input}
              inputMode="decimal"
              aria-invalid={invalid}
              value={microns}
              onChange={(event) => setMicrons(event.target.value)}
            />
          </label>
          <button type="submit" className={css.primaryButton} disabled={busy || microns.trim() === ""}>
            {t("viewer.calibrate.fromLine")}
          </button>
        </form>
      ) : (
        <form className={css.form} onSubmit={submitMpp} data-testid="calibrate-mpp">
          <input
            className={css.input}
            inputMode="decimal"
            aria-label={t("viewer.calibrate.mpp")}
            placeholder={t("viewer.calibrate.mpp")}
            aria-invalid={invalid}
            value={mpp}
            onChange={(event) => setMpp(event.target.value)}
          />
          <button type="submit" className={css.primaryButton} disabled={busy || mpp.trim() === ""}>
            {t("viewer.calibrate.save")}
          </button>
        </form>
      )}
      {invalid && (
        <p className={css.hint} role="alert" style={{ color: "#fca5a5", marginTop: 6 }}>
          {t("viewer.calibrate.invalid", { max: "50" })}
        </p>
      )}
    </section>
  )
}
