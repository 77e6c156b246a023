// The right panel follows the selection: several labs selected show the "N Item Selected" panel; back
// to one (or none) while it shows, the single-lab info takes over.
import { useEffect, useRef } from "react"
import type { RightPanelApi } from "../shell/RightPanelContext.tsx"

export const useSelectionPanel = (count: number, panel: RightPanelApi) => {
  const { open } = panel
  const showing = useRef(panel.panel)
  showing.current = panel.panel
  useEffect(() => {
    if (count > 1) open("info-multiple-lab")
    else if (showing.current === "info-multiple-lab") open("info")
  }, [count, open])
}
