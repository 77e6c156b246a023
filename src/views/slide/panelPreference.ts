// Whether the slide page's side panel (annotations, details) starts open. Below 1600 px it starts
// closed so the stage keeps at least 80 % of the window (issue 16); a user who opens or closes it has
// that choice kept for the next slide, except on a phone, where the panel would cover the slide.
const KEY = "preparat.slide.panel"

/** Wide enough for the slide and the side panel side by side, the stage keeping 80 % of the window. */
export const PANEL_OPEN_FROM_PX = 1600
/** At or below this the panel would cover the slide: it always starts closed. */
const PHONE_MAX_PX = 960

export const panelStartsOpen = (width: number): boolean => {
  if (width <= PHONE_MAX_PX) return false
  try {
    const kept = localStorage.getItem(KEY)
    if (kept !== null) return kept === "open"
  } catch {
    // Storage refused: the width decides.
  }
  return width >= PANEL_OPEN_FROM_PX
}

export const keepPanelChoice = (open: boolean): void => {
  try {
    localStorage.setItem(KEY, open ? "open" : "closed")
  } catch {
    // Not remembering is acceptable; the toggle still works for this page.
  }
}
