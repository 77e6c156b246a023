// The grid or table choice, remembered in this browser (localStorage) across pages and visits.
import type { ViewMode } from "../../machines/labs/labsBrowser.machine.ts"

const KEY = "preparat.labs.view"

export const readViewMode = (): ViewMode => {
  try {
    return window.localStorage.getItem(KEY) === "table" ? "table" : "grid"
  } catch {
    // Storage can be off (private modes, policies): the grid is the default.
    return "grid"
  }
}

export const rememberViewMode = (view: ViewMode): void => {
  try {
    window.localStorage.setItem(KEY, view)
  } catch {
    // Not remembered; the choice still holds on this page.
  }
}
