// The right sidebar's state for everything inside the dashboard: the header's bell toggles the
// notification panel, lab lists open the info panels on selection. A page that has details to show
// (the labs workspace) renders them into the panel through a slot: it names the panel's heading and
// portals its content into the element the panel gives it, so the details live in the page's own
// React tree, next to the actors they come from.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { openPanel, type RightPanel, rightPanelMachine } from "../../machines/shell/rightPanel.machine.ts"

export interface RightPanelApi {
  panel: RightPanel | null
  toggle: (panel: RightPanel) => void
  open: (panel: RightPanel) => void
  close: () => void
}

export interface PanelSlot {
  /** Where the page's details go while the info panel is open; null otherwise. */
  readonly element: HTMLElement | null
  /** The heading a page gives the info panels; null when no page provides details. */
  readonly title: string | null
  readonly attach: (element: HTMLElement | null) => void
  readonly provide: (title: string | null) => void
}

const RightPanelContext = createContext<RightPanelApi | null>(null)
const PanelSlotContext = createContext<PanelSlot | null>(null)

export function RightPanelProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(rightPanelMachine)
  const panel = useSelector(actor, (s) => openPanel(s.value))
  const api = useMemo<RightPanelApi>(
    () => ({
      panel,
      toggle: (p) => actor.send({ type: "panel.toggle", panel: p }),
      open: (p) => actor.send({ type: "panel.open", panel: p }),
      close: () => actor.send({ type: "panel.close" })
    }),
    [actor, panel]
  )
  const [element, attach] = useState<HTMLElement | null>(null)
  const [title, provide] = useState<string | null>(null)
  const slot = useMemo<PanelSlot>(() => ({ element, title, attach, provide }), [element, title])
  return (
    <RightPanelContext.Provider value={api}>
      <PanelSlotContext.Provider value={slot}>{children}</PanelSlotContext.Provider>
    </RightPanelContext.Provider>
  )
}

export const useRightPanel = (): RightPanelApi => {
  const api = useContext(RightPanelContext)
  if (!api) throw new Error("useRightPanel needs the DashboardLayout above it")
  return api
}

export const usePanelSlotState = (): PanelSlot => {
  const slot = useContext(PanelSlotContext)
  if (!slot) throw new Error("usePanelSlotState needs the DashboardLayout above it")
  return slot
}

/**
 * Provides the info panels' details while the calling page is mounted: gives the heading and answers
 * the element to portal the details into (null while the panel is closed).
 */
export const usePanelSlot = (title: string): HTMLElement | null => {
  const { element, provide } = usePanelSlotState()
  useEffect(() => provide(title), [provide, title])
  const release = useCallback(() => provide(null), [provide])
  useEffect(() => release, [release])
  return element
}
