// The Fullscreen API as an adapter of the machine's `fullScreen` state: entering it asks the browser
// to show the document full screen (the layout then covers the window); leaving it exits. When the
// browser leaves full screen by itself (Escape, F11), `onExited` tells the machine. A browser that
// refuses (an iframe without permission) still gets the window-filling layout.
import { useEffect, useRef } from "react"

export const useFullScreen = (active: boolean, onExited: () => void): void => {
  const exited = useRef(onExited)
  exited.current = onExited
  useEffect(() => {
    if (!active) return
    let left = false
    const onChange = () => {
      if (document.fullscreenElement === null) exited.current()
    }
    if (document.fullscreenEnabled && document.fullscreenElement === null) {
      document.documentElement.requestFullscreen().then(
        () => {
          // The machine may have left full screen while the browser was still entering it.
          if (left) document.exitFullscreen().catch(() => undefined)
          else document.addEventListener("fullscreenchange", onChange)
        },
        () => undefined
      )
    }
    return () => {
      left = true
      // Removed before exiting: leaving because the machine said so must not echo back to it.
      document.removeEventListener("fullscreenchange", onChange)
      if (document.fullscreenElement !== null) document.exitFullscreen().catch(() => undefined)
    }
  }, [active])
}
