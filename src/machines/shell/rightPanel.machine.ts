// The dashboard's right sidebar (320 px): one panel at a time — lab info, the multiple-selection
// summary, or notifications. Toggling the panel that is open closes it.
import { setup } from "xstate"

export type RightPanel = "info" | "info-multiple-lab" | "notif"

export type RightPanelEvent =
  /** Header buttons (bell, info): open this panel, or close it if it is the one showing. */
  | { type: "panel.toggle"; panel: RightPanel }
  /** Selection changes: show this panel whatever is open. */
  | { type: "panel.open"; panel: RightPanel }
  | { type: "panel.close" }

const stateOf = { info: "info", "info-multiple-lab": "infoMultiple", notif: "notif" } as const

const is =
  (panel: RightPanel) =>
  ({ event }: { event: RightPanelEvent }) =>
    event.type !== "panel.close" && event.panel === panel

const guardOf = { info: "isInfo", "info-multiple-lab": "isInfoMultiple", notif: "isNotif" } as const

/** The transitions that lead into each panel, optionally leaving one out (handled by the caller). */
const openers = (except?: RightPanel) =>
  (Object.keys(stateOf) as RightPanel[])
    .filter((panel) => panel !== except)
    .map((panel) => ({ guard: guardOf[panel], target: `#rightPanel.${stateOf[panel]}` }))

/** An open panel: toggling it closes it, toggling or opening another switches to that one. */
const openState = (panel: RightPanel) => ({
  tags: ["open"],
  on: {
    "panel.toggle": [{ guard: guardOf[panel], target: "#rightPanel.closed" }, ...openers(panel)],
    "panel.open": openers(),
    "panel.close": "#rightPanel.closed"
  }
})

export const rightPanelMachine = setup({
  types: { events: {} as RightPanelEvent },
  guards: {
    isInfo: is("info"),
    isInfoMultiple: is("info-multiple-lab"),
    isNotif: is("notif")
  }
}).createMachine({
  id: "rightPanel",
  initial: "closed",
  states: {
    closed: { on: { "panel.toggle": openers(), "panel.open": openers() } },
    info: openState("info"),
    infoMultiple: openState("info-multiple-lab"),
    notif: openState("notif")
  }
})

/** The panel showing in a snapshot's state, or null when closed. */
export const openPanel = (value: unknown): RightPanel | null =>
  value === "info" ? "info" : value === "infoMultiple" ? "info-multiple-lab" : value === "notif" ? "notif" : null
