// Whether the window is at or below the 960 px breakpoint (SIDEBAR_BREAKPOINT), read synchronously so
// the first paint already has the right frame (no rail flashing before the drawer).
import { useSyncExternalStore } from "react"
import { SIDEBAR_BREAKPOINT } from "../../machines/shell/sidebar.machine.ts"

export const NARROW_QUERY = `(max-width: ${SIDEBAR_BREAKPOINT}px)`

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(NARROW_QUERY)
  media.addEventListener("change", onChange)
  return () => media.removeEventListener("change", onChange)
}

export const useNarrow = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false
  )
