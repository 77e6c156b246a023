// The info panel of one lab: picture, type, owner, dates, size, description, metadata, access with the
// public switch and Copy link, and the first collaborators with "+N" and View collaborator. What may be
// changed follows the user's role; the machine refuses the rest.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useEffect, useRef } from "react"
import type { LabInfo } from "../../../contract/labs.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { labInfoMachine } from "../../../machines/labs/labInfo.machine.ts"
import { can } from "../../../contract/permissions.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Alert, Avatar, Button, cx, LinkIcon, Skeleton, Switch, UsersIcon } from "../../ui/index.ts"
import { formatMoment, formatSize } from "../formatting.ts"
import { AutoTagList } from "../AutoTagList.tsx"
import { LabThumbnail } from "../LabThumbnail.tsx"
import { useEmittedEvents } from "../useEmittedEvents.ts"
import * as css from "./inspector.css.ts"
import { MetadataSection } from "./MetadataSection.tsx"

/** Five collaborators are shown, then "+N". */
const SHOWN_COLLABORATORS = 5

export interface LabInfoPanelProps {
  readonly labId: string
  /** Changes when the lab changed elsewhere (renamed, starred): the panel asks again. */
  readonly stamp: string
  readonly onChanged: (info: LabInfo) => void
  readonly onCopyLink: (lab: { id: string; is_dir: boolean }) => void
  readonly onViewCollaborators: (labId: string) => void
}

export const LabInfoPanel = ({ labId, stamp, onChanged, onCopyLink, onViewCollaborators }: LabInfoPanelProps) => {
  const t = useT()
  const { text } = useNoticeText()
  const actor = useActorRef(labInfoMachine, { input: { labId } })
  const { info, error, fields } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) => (s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : "showing"))
  const publishing = useSelector(actor, (s) => s.hasTag("publishing"))
  const savingEntry = useSelector(actor, (s) => s.hasTag("busy") && !s.hasTag("publishing") && s.matches("showing"))

  useEmittedEvents(actor, { "info.changed": ({ info: changed }) => onChanged(changed) })

  const firstStamp = useRef(stamp)
  useEffect(() => {
    if (stamp !== firstStamp.current) actor.send({ type: "info.reload" })
  }, [actor, stamp])

  if (phase === "loading") return <InfoSkeleton />
  if (phase === "failed" || info === null)
    return (
      <Alert
        kind="error"
        title={t("labs.info.loadFailed")}
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "info.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {error === null ? null : text(error.detail)}
      </Alert>
    )

  const editable = can(info.role, "lab.publish")
  return (
    <div className={css.stack} data-testid="lab-info">
      <div className={css.identity}>
        <span className={css.picture}>
          <LabThumbnail lab={{ is_dir: info.is_dir, thumbnail_url: info.thumbnail_url, status: null }} />
        </span>
        <span className={css.identityText}>
          <span className={css.name}>{info.name}</span>
          <span className={css.kind}>{t(`labs.kinds.${info.type}`)}</span>
        </span>
      </div>
      {error !== null && (
        <Alert kind="error" title={text(error.title)}>
          {text(error.detail)}
        </Alert>
      )}
      <Facts info={info} />
      <section className={css.section} aria-labelledby="lab-description">
        <h3 id="lab-description" className={css.sectionTitle}>
          {t("labs.info.description")}
        </h3>
        <p className={info.description ? css.prose : css.muted}>{info.description || t("labs.info.noDescription")}</p>
      </section>
      <section className={css.section} aria-labelledby="lab-access">
        <h3 id="lab-access" className={css.sectionTitle}>
          {t("labs.info.access")}
        </h3>
        <Access
          info={info}
          editable={editable}
          busy={publishing}
          onChange={(isPublic) => actor.send({ type: "info.setPublic", isPublic })}
        />
        <div>
          <Button variant="secondary" size="sm" iconStart={<LinkIcon size={14} />} onClick={() => onCopyLink(info)}>
            {t("labs.info.copyLink")}
          </Button>
        </div>
      </section>
      <MetadataSection
        entries={info.metadata}
        editable={editable}
        saving={savingEntry}
        failed={error !== null}
        fields={fields}
        onSave={(entry) => actor.send({ type: "info.saveEntry", entry })}
        onRemove={(id) => actor.send({ type: "info.removeEntry", id })}
      />
      {info.role !== null && <Collaborators info={info} onView={() => onViewCollaborators(info.id)} />}
    </div>
  )
}

const Facts = ({ info }: { readonly info: LabInfo }) => {
  const t = useT()
  const { locale } = useLocale()
  const owner = info.owner.name || info.owner.email
  return (
    <dl className={css.facts}>
      <dt className={css.term}>{t("labs.info.type")}</dt>
      <dd className={css.value}>{t(`labs.kinds.${info.type}`)}</dd>
      <dt className={css.term}>{t("labs.info.owner")}</dt>
      <dd className={css.value}>
        <span className={css.person}>
          <Avatar name={owner} src={info.owner.avatar} size={28} />
          <span>{owner}</span>
        </span>
      </dd>
      <dt className={css.term}>{t("labs.info.modified")}</dt>
      <dd className={css.value}>{formatMoment(locale, info.updated_at)}</dd>
      <dt className={css.term}>{t("labs.info.created")}</dt>
      <dd className={css.value}>{formatMoment(locale, info.created_at)}</dd>
      <dt className={css.term}>{t("labs.info.size")}</dt>
      <dd className={css.value}>{formatSize(locale, info)}</dd>
      {info.auto_tags !== undefined && (
        <>
          <dt className={css.term}>{t("labs.autoTags.label")}</dt>
          <dd className={css.value}>
            <AutoTagList tags={info.auto_tags} />
          </dd>
        </>
      )}
    </dl>
  )
}

/** The lab's own flag is the switch; public through a folder above it is said, not switchable here. */
const Access = ({
  info,
  editable,
  busy,
  onChange
}: {
  readonly info: LabInfo
  readonly editable: boolean
  readonly busy: boolean
  readonly onChange: (isPublic: boolean) => void
}) => {
  const t = useT()
  const own = info.metadata.some((entry) => entry.name === "mylab-is_public" && entry.value === "true")
  const inherited = info.access === "public" && !own
  return (
    <>
      <Switch
        label={t("labs.info.public")}
        checked={own || inherited}
        disabled={!editable || inherited}
        busy={busy}
        hint={info.access === "public" ? t("labs.info.publicOn") : t("labs.info.publicOff")}
        onChange={onChange}
      />
      {inherited && <p className={css.muted}>{t("labs.info.inherited")}</p>}
    </>
  )
}

const Collaborators = ({ info, onView }: { readonly info: LabInfo; readonly onView: () => void }) => {
  const t = useT()
  const shown = info.collaborators.slice(0, SHOWN_COLLABORATORS)
  const more = Math.max(0, info.collaborators_count - shown.length)
  return (
    <section className={css.section} aria-labelledby="lab-collaborators">
      <h3 id="lab-collaborators" className={css.sectionTitle}>
        {t("labs.info.collaborators")}
      </h3>
      <div className={css.collaboratorsRow}>
        <span className={css.avatars} title={t("labs.info.collaboratorsCount", { count: info.collaborators_count })}>
          {shown.map((person) => (
            <Avatar
              key={person.id}
              name={person.name || person.email}
              src={person.avatar}
              size={28}
              className={css.stacked}
              decorative={false}
            />
          ))}
          {more > 0 && <span className={css.extra}>{t("labs.info.moreCollaborators", { count: more })}</span>}
        </span>
        <Button variant="secondary" size="sm" iconStart={<UsersIcon size={14} />} onClick={onView}>
          {t("labs.info.viewCollaborators")}
        </Button>
      </div>
    </section>
  )
}

const InfoSkeleton = () => (
  <div className={css.stack} aria-busy="true">
    <div className={css.identity}>
      <Skeleton width={77} height={77} radius={8} />
      <span className={cx(css.identityText, css.grow)}>
        <Skeleton height={14} width="70%" />
        <Skeleton height={10} width="40%" />
      </span>
    </div>
    {[0, 1, 2, 3, 4].map((row) => (
      <Skeleton key={row} height={10} width={`${88 - row * 9}%`} />
    ))}
  </div>
)
