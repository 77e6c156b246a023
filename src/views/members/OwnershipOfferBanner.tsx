// The lab's pending ownership offer, above its contents (src/machines/members/ownershipOffer.machine.ts):
// the receiver accepts or declines, the sender withdraws, other members read. Nothing shows without
// an offer. A refusal for want of room says how much is missing, in the page's language.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { type OwnershipOfferEmitted, ownershipOfferMachine, sideOf } from "../../machines/members/ownershipOffer.machine.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useEmittedEvents } from "../labs/useEmittedEvents.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"
import { useStorageRefresh } from "../shell/StorageContext.tsx"
import { formatBytes } from "../shell/storage-usage.ts"
import { Button, ShareIcon, useToast } from "../ui/index.ts"
import * as css from "./OwnershipOfferBanner.css.ts"

export const OwnershipOfferBanner = ({
  labId,
  userId,
  onChanged
}: {
  readonly labId: string
  readonly userId: string
  /** The offer was answered here: the page reads the lab again (its owner changed, or not). */
  readonly onChanged: () => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const { text } = useNoticeText()
  const { toast } = useToast()
  const refreshStorage = useStorageRefresh()
  // The lab's bytes may have changed hands: the page and the storage meter read again.
  const changed = () => {
    refreshStorage()
    onChanged()
  }
  const realtime = useRealtimeActor()
  const actor = useActorRef(ownershipOfferMachine, { input: { labId, userId, realtime } })
  const { offer, problem } = useSelector(actor, (s) => s.context)
  const side = useSelector(actor, (s) => sideOf(s.context))
  const busy = useSelector(actor, (s) =>
    s.matches("accepting") ? "accept" : s.matches("declining") ? "decline" : s.matches("withdrawing") ? "withdraw" : null
  )
  // Nothing while loading, without an offer, or when it could not be read (the bell still tells).
  const shown = useSelector(actor, (s) => !s.matches("loading") && !s.matches("none") && !s.matches("failed"))

  useEmittedEvents(actor, {
    "offer.accepted": ({ lab }: Extract<OwnershipOfferEmitted, { type: "offer.accepted" }>) => {
      toast({ kind: "success", title: t("members.offer.accepted", { lab: lab.name }) })
      changed()
    },
    "offer.ended": () => changed(),
    "offer.closed": () => {
      toast({ kind: "success", title: t(side === "sender" ? "members.offer.withdrawn" : "members.offer.declined") })
      changed()
    }
  })

  if (!shown || offer === null) return null
  const kind = t(offer.lab.is_dir ? "members.offer.folder" : "members.offer.file")
  const fromName = offer.from.name || offer.from.email
  const toName = offer.to.name || offer.to.email
  const lead =
    side === "receiver"
      ? offer.lab.size > 0
        ? t("members.offer.toMe", { name: fromName, kind, size: formatBytes(offer.lab.size, locale) })
        : t("members.offer.toMeEmpty", { name: fromName, kind })
      : side === "sender"
        ? t("members.offer.fromMe", { name: toName, kind })
        : t("members.offer.between", { from: fromName, to: toName, kind })
  const hint =
    side === "receiver" ? t("members.offer.toMeHint", { name: fromName }) : side === "sender" ? t("members.offer.fromMeHint") : null
  const problemText =
    problem === null
      ? null
      : problem.kind === "room"
        ? `${t(offer.lab.is_dir ? "members.offer.needsRoomFolder" : "members.offer.needsRoomFile", {
            amount: formatBytes(problem.missing, locale)
          })} ${t("members.offer.freeRoom")}`
        : (text(problem.notice) ?? "")

  return (
    <section className={css.root} aria-label={t("members.offer.label")} data-testid="ownership-offer">
      <span className={css.icon} aria-hidden="true">
        <ShareIcon size={18} />
      </span>
      <div className={css.text}>
        <span className={css.lead}>{lead}</span>
        {hint && <span className={css.hint}>{hint}</span>}
        {problemText && (
          <span className={css.problem} role="alert">
            {problemText}
          </span>
        )}
      </div>
      {side === "receiver" && (
        <div className={css.actions}>
          <Button
            variant="secondary"
            size="sm"
            loading={busy === "decline"}
            disabled={busy !== null}
            onClick={() => actor.send({ type: "offer.decline" })}
          >
            {t("members.offer.decline")}
          </Button>
          <Button size="sm" loading={busy === "accept"} disabled={busy !== null} onClick={() => actor.send({ type: "offer.accept" })}>
            {t("members.offer.accept")}
          </Button>
        </div>
      )}
      {side === "sender" && (
        <div className={css.actions}>
          <Button
            variant="secondary"
            size="sm"
            loading={busy === "withdraw"}
            disabled={busy !== null}
            onClick={() => actor.send({ type: "offer.withdraw" })}
          >
            {t("members.offer.withdraw")}
          </Button>
        </div>
      )}
    </section>
  )
}
