// A selected detection's measurements, read from the server when it is shown (the compact read
// leaves them out: a million nuclei's would be 100 MB, src/annotation/compact.ts). An analysis writes
// them as "Name: value; Name: value" (server/domain/analysis-rules.ts), shown here as QuPath shows a
// detection's measurement list: one row each. A detection is read-only, so nothing here edits.
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import type { AnnotationProps } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { detectionPropsMachine } from "../../../../machines/annotation/detectionProps.machine.ts"
import { useT } from "../../../../i18n/index.ts"
import { useNoticeText } from "../../../account/useNoticeText.ts"
import { LockIcon } from "../../../ui/index.ts"
import { useActorRef } from "../../../useActorRef.ts"
import * as css from "./properties.css.ts"

/** "Area µm^2: 31.4; Intensity: 2+" as [name, value] rows; null when it is not written that way. */
export const measurementRows = (text: string): ReadonlyArray<readonly [string, string]> | null => {
  const rows = text.split("; ").map((part) => {
    const at = part.lastIndexOf(": ")
    return at <= 0 ? null : ([part.slice(0, at), part.slice(at + 2)] as const)
  })
  return rows.every((row) => row !== null) ? (rows as ReadonlyArray<readonly [string, string]>) : null
}

/**
 * A detection heard live, or read in the list's form, carries its measurements; one from the compact
 * read has only its lock, and reads them from the server.
 */
export const DetectionFields = ({ labId, shape }: { readonly labId: string; readonly shape: Shape }) =>
  shape.props?.description !== undefined || shape.props?.name !== undefined ? (
    <Facts props={shape.props} loading={false} />
  ) : (
    <ReadFacts labId={labId} id={shape.id} />
  )

const ReadFacts = ({ labId, id }: { readonly labId: string; readonly id: string }) => {
  const t = useT()
  const notice = useNoticeText()
  const actor = useActorRef(detectionPropsMachine, { input: { labId, id } })
  const { props, error, loading } = useSelector(actor, (s) => ({
    props: s.context.props,
    error: s.context.error,
    loading: s.hasTag("busy")
  }))
  return (
    <Facts props={props} loading={loading}>
      {error !== null && (
        <p className={css.hint} role="alert">
          {notice.text(error)}{" "}
          <button type="button" className={css.retry} onClick={() => actor.send({ type: "detection.retry" })}>
            {t("common.retry")}
          </button>
        </p>
      )}
    </Facts>
  )
}

const Facts = ({
  props,
  loading,
  children
}: {
  readonly props: AnnotationProps | null
  readonly loading: boolean
  readonly children?: ReactNode
}) => {
  const t = useT()
  const text = props?.description ?? ""
  const rows = measurementRows(text)
  return (
    <div className={css.fields} data-testid="detection-fields" aria-busy={loading}>
      {props?.name && <p className={css.readName}>{props.name}</p>}
      {loading && <p className={css.hint}>{t("viewer.props.measurementsLoading")}</p>}
      {children}
      {text !== "" &&
        (rows === null ? (
          <p className={css.readDescription}>{text}</p>
        ) : (
          <dl className={css.measurements} aria-label={t("viewer.props.measurements")} data-testid="detection-measurements">
            {rows.map(([name, value]) => (
              <div key={name} className={css.measurement}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ))}
      <p className={css.lockedNote} data-testid="annotation-locked-note">
        <LockIcon size={13} style={{ flex: "none", marginTop: 2 }} />
        {t("viewer.props.detectionNote")}
      </p>
    </div>
  )
}
