// The viewer's keyboard shortcuts (shortcuts.ts) on the whole page while a slide is open, except
// while typing in a field or when another handler already used the key (OpenSeadragon's arrow-key
// panning). Escape leaves full screen when the browser did not really enter it (the page then only
// covers the window, and the browser would not handle Escape for us).
import { useEffect, useRef } from "react"
import { isTyping, shortcutOf, type ViewerCommand } from "./shortcuts.ts"

export const useViewerShortcuts = (enabled: boolean, fullScreen: boolean, run: (command: ViewerCommand) => void): void => {
  const latest = useRef({ fullScreen, run })
  latest.current = { fullScreen, run }
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return
      if (event.key === "Escape" && latest.current.fullScreen && document.fullscreenElement === null) {
        latest.current.run("fullScreen")
        return
      }
      const command = shortcutOf(event)
      if (command === null) return
      // Holding a zoom key keeps zooming; holding R or F would spin or flicker.
      if (event.repeat && command !== "zoomIn" && command !== "zoomOut") return
      event.preventDefault()
      latest.current.run(command)
    }
    window.addEventListener("keydown", onKeyDown)
    return () => window.removeEventListener("keydown", onKeyDown)
  }, [enabled])
}
