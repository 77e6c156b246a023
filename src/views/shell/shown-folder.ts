// The folder on screen, for the header's breadcrumb (the spec's "page title" client state). The
// breadcrumb is derived from the path and knows only the folder's id; the labs page knows its name
// once the folder has loaded (and again after a rename), and publishes it here while it is shown.
import { useEffect, useSyncExternalStore } from "react"

interface ShownFolder {
  readonly id: string
  readonly name: string
  /** Shared with the reader by someone else: the trail starts at Shared Lab (trail-root.ts). */
  readonly shared: boolean
}

let shown: ShownFolder | undefined
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Publishes the folder the calling page shows, for as long as it shows it. */
export const useShowFolder = (folder: ShownFolder | null) => {
  const id = folder?.id
  const name = folder?.name
  const shared = folder?.shared ?? false
  useEffect(() => {
    if (id === undefined || name === undefined) return
    const mine = { id, name, shared }
    shown = mine
    notify()
    return () => {
      if (shown === mine) {
        shown = undefined
        notify()
      }
    }
  }, [id, name, shared])
}

/** The name of the folder with this id, if it is the one on screen. */
export const useShownFolderName = (id: string | undefined): string | undefined =>
  useSyncExternalStore(subscribe, () => (id !== undefined && shown?.id === id ? shown.name : undefined))

/** Whether the lab on screen was shared with the reader (the header and the sidebar start at Shared Lab). */
export const useShownFolderShared = (): boolean => useSyncExternalStore(subscribe, () => shown?.shared ?? false)
