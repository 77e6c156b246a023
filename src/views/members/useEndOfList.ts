// Infinite scrolling: calls `onReach` when the returned sentinel (put after the last row) scrolls
// into view. The observer is made again each time `enabled` turns on, so a list still too short to
// scroll keeps loading until it fills its box or runs out of pages.
import { useEffect, useRef } from "react"

export const useEndOfList = <E extends HTMLElement>(onReach: () => void, enabled: boolean) => {
  const sentinel = useRef<E>(null)
  const latest = useRef(onReach)
  latest.current = onReach
  useEffect(() => {
    const element = sentinel.current
    if (!enabled || element === null || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: "0px 0px 96px 0px" }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled])
  return sentinel
}
