// The storage meter's one actor for the whole dashboard (the sidebar shows it; pages that delete,
// purge or empty the trash ask it to look again).
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useCallback, useContext } from "react"
import type { ActorRefFrom } from "xstate"
import { storageMachine } from "../../machines/labs/storage.machine.ts"

type StorageActor = ActorRefFrom<typeof storageMachine>

const StorageContext = createContext<StorageActor | null>(null)

export function StorageProvider({ children }: { readonly children: ReactNode }) {
  const actor = useActorRef(storageMachine)
  return <StorageContext.Provider value={actor}>{children}</StorageContext.Provider>
}

export const useStorageActor = (): StorageActor => {
  const actor = useContext(StorageContext)
  if (!actor) throw new Error("useStorageActor needs the DashboardLayout above it")
  return actor
}

/** Asks the meter to look again after something that frees or takes space. */
export const useStorageRefresh = (): (() => void) => {
  const actor = useStorageActor()
  return useCallback(() => actor.send({ type: "storage.refresh" }), [actor])
}

/** The usage as the meter shows it; null until the server answered. */
export const useStorageSnapshot = () => useSelector(useStorageActor(), (snapshot) => snapshot.context.usage)
