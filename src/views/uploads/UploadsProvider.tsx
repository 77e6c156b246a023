// The signed-in user's uploads actor (src/machines/uploads/uploads.machine.ts) and its progress panel. The
// actor lives as long as the session, beside the pages rather than in them, so moving between pages
// never loses an upload; signing out stops it (its requests are aborted, and the unfinished uploads
// wait in IndexedDB for the same user's next session).
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"
import { useT } from "../../i18n/index.ts"
import type { RealtimeActor } from "../../machines/realtime/realtime.machine.ts"
import { type UploadsActor, type UploadsEmitted, uploadsMachine } from "../../machines/uploads/uploads.machine.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"
import { useSession } from "../session.tsx"
import { useToast } from "../ui/index.ts"
import { UploadPanel } from "./UploadPanel.tsx"

const UploadsContext = createContext<UploadsActor | null>(null)

export function UploadsProvider({ children }: { readonly children: ReactNode }) {
  const { status, user } = useSession()
  const realtime = useRealtimeActor()
  const [actor, setActor] = useState<UploadsActor | null>(null)
  const userId = status === "signedIn" ? (user?.id ?? null) : null
  return (
    <UploadsContext.Provider value={userId === null ? null : actor}>
      {children}
      {userId !== null && <UploadsHost key={userId} userId={userId} realtime={realtime} onActor={setActor} />}
    </UploadsContext.Provider>
  )
}

/** The session's uploads; null while no one is signed in. */
export const useUploadsActor = (): UploadsActor | null => useContext(UploadsContext)

function UploadsHost({
  userId,
  realtime,
  onActor
}: {
  readonly userId: string
  readonly realtime: RealtimeActor
  readonly onActor: (actor: UploadsActor | null) => void
}) {
  const actor = useActorRef(uploadsMachine, { input: { userId, realtime } })
  const t = useT()
  const { toast } = useToast()
  const say = useRef({ t, toast })
  say.current = { t, toast }

  useEffect(() => {
    onActor(actor)
    return () => onActor(null)
  }, [actor, onActor])

  // Back online: uploads waiting out a lost connection try at once instead of after their pause.
  useEffect(() => {
    const online = () => actor.send({ type: "uploads.online" })
    window.addEventListener("online", online)
    return () => window.removeEventListener("online", online)
  }, [actor])

  useEffect(() => {
    const subscription = actor.on("uploads.forgotten", ({ names }: Extract<UploadsEmitted, { type: "uploads.forgotten" }>) => {
      const { t, toast } = say.current
      toast({
        kind: "error",
        title: t("uploads.errors.notResumedTitle"),
        message: t("uploads.errors.notResumed", { names: names.join(", ") })
      })
    })
    return () => subscription.unsubscribe()
  }, [actor])

  return <UploadPanel actor={actor} />
}
