// Binds the sidebar machine to the browser: the stored preference (local storage), the 960 px
// breakpoint (matchMedia) and the current route. The machine starts collapsed; the preference is
// read in a layout effect, i.e. after the first render but before the first paint.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useEffect, useLayoutEffect } from "react"
import { SIDEBAR_BREAKPOINT, sidebarMachine } from "../../machines/shell/sidebar.machine.ts"
import { sidebarExpanded } from "../../machines/shell/sidebar.view.ts"

const STORAGE_KEY = "preparat.sidebar.open"
const wideQuery = `(min-width: ${SIDEBAR_BREAKPOINT + 1}px)`

const readPreference = (): boolean | null => {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === null ? null : value === "true"
  } catch {
    return null // storage disabled (private mode, policy): behave as if nothing was stored
  }
}

const writePreference = (open: boolean) => {
  try {
    localStorage.setItem(STORAGE_KEY, String(open))
  } catch {
    // Not remembering is acceptable; the sidebar still works for this visit.
  }
}

export interface SidebarApi {
  expanded: boolean
  /** Settings pages keep it open; the toggle does nothing there. */
  forced: boolean
  /** False until the stored preference has been applied (no width animation before that). */
  hydrated: boolean
  toggle: () => void
}

/** The machine with its browser storage; built once, because actor logic must not change between renders. */
const browserSidebarMachine = sidebarMachine.provide({
  actions: { persistPreference: (_, params: { open: boolean }) => writePreference(params.open) }
})

/** Which kind of page is shown: settings keep the sidebar open, the slide viewer folds it. */
export type SidebarRoute = "settings" | "viewer" | "other"

export const useSidebar = (route: SidebarRoute): SidebarApi => {
  const actor = useActorRef(browserSidebarMachine)
  const expanded = useSelector(actor, sidebarExpanded)
  const forced = useSelector(actor, (s) => s.hasTag("forced"))
  const hydrated = useSelector(actor, (s) => !s.matches("booting"))

  useLayoutEffect(() => {
    actor.send({ type: route === "settings" ? "route.settings" : route === "viewer" ? "route.viewer" : "route.other" })
  }, [actor, route])

  useLayoutEffect(() => {
    const media = window.matchMedia(wideQuery)
    actor.send({ type: "sidebar.hydrate", stored: readPreference(), wide: media.matches })
  }, [actor])

  useEffect(() => {
    const media = window.matchMedia(wideQuery)
    const onChange = (event: MediaQueryListEvent) => actor.send({ type: "viewport.resize", wide: event.matches })
    media.addEventListener("change", onChange)
    return () => media.removeEventListener("change", onChange)
  }, [actor])

  return { expanded, forced, hydrated, toggle: () => actor.send({ type: "sidebar.toggle" }) }
}
