// The right sidebar's state for everything inside the dashboard: the header's bell toggles the
// notification panel, lab lists (later) open the info panels on selection.
import { useActorRef, useSelector } from "@xstate/react"
import { createContext, type ReactNode, useContext, useMemo } from "react"
import { openPanel, type RightPanel, rightPanelMachine } from "../../machines/rightPanel.machine.ts"

export interface RightPanelApi {
  panel: RightPanel | null
  toggle: (panel: RightPanel) => void
  open: (panel: RightPanel) => void
  close: () => void
}

const RightPanelContext = createContext<RightPanelApi | null>(null)

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
  return <RightPanelContext.Provider value={api}>{children}</RightPanelContext.Provider>
}

export const useRightPanel = (): RightPanelApi => {
  const api = useContext(RightPanelContext)
  if (!api) throw new Error("useRightPanel needs the DashboardLayout above it")
  return api
}
