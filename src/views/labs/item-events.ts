// Pointer and keyboard events on a list item, turned once into what they mean for the list.
import type { MouseEvent as ReactMouseEvent } from "react"
import type { SelectMode } from "../../machines/labs/selection.ts"

/** Click: one; Ctrl/Cmd-click: add or remove; Shift-click: the run from the last clicked. */
export const selectModeOf = (event: { readonly ctrlKey: boolean; readonly metaKey: boolean; readonly shiftKey: boolean }): SelectMode =>
  event.shiftKey ? "range" : event.ctrlKey || event.metaKey ? "toggle" : "only"

/** Clicks on the item's own controls (its link, its buttons, its box) are theirs, not the item's. */
export const onControl = (event: ReactMouseEvent): boolean => (event.target as Element).closest("a, button, input, label") !== null

/** Where a menu opened by a button appears: under the button, its right edges aligned. */
export const belowRightOf = (element: Element): { x: number; y: number } => {
  const box = element.getBoundingClientRect()
  return { x: box.right - 216, y: box.bottom + 4 }
}

export type MenuPoint = { readonly x: number; readonly y: number }

/**
 * The attributes and handlers a list item (grid tile or table row) carries: click selects,
 * double-click opens, right-click opens the menu at the pointer; clicks on its own controls are theirs.
 */
export const itemProps = <Lab extends { readonly id: string }>(
  lab: Lab,
  selected: boolean,
  on: {
    readonly onSelect: (lab: Lab, mode: SelectMode) => void
    readonly onOpen: (lab: Lab) => void
    readonly onMenu: (lab: Lab, at: MenuPoint) => void
  }
) => ({
  "data-testid": "lab-item",
  "data-lab-id": lab.id,
  "data-selected": selected,
  onClick: (event: ReactMouseEvent) => {
    if (!onControl(event)) on.onSelect(lab, selectModeOf(event))
  },
  onDoubleClick: (event: ReactMouseEvent) => {
    if (!onControl(event)) on.onOpen(lab)
  },
  onContextMenu: (event: ReactMouseEvent) => {
    event.preventDefault()
    on.onMenu(lab, { x: event.clientX, y: event.clientY })
  }
})
