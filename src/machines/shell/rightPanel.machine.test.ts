// Model-based test of the right sidebar: every path drives a real actor; in every state the panel the
// view would show is checked, and the toggle rule (same panel closes) is checked on every toggle step.
import { createActor } from "xstate"
import { createTestModel } from "xstate/graph"
import { describe, expect, it } from "vitest"
import { openPanel, type RightPanel, type RightPanelEvent, rightPanelMachine } from "./rightPanel.machine.ts"
import { everyTransition, uncovered } from "../../testing/coverage.ts"

const panels: RightPanel[] = ["info", "info-multiple-lab", "notif"]
const events: RightPanelEvent[] = [
  ...panels.map((panel) => ({ type: "panel.toggle" as const, panel })),
  ...panels.map((panel) => ({ type: "panel.open" as const, panel })),
  { type: "panel.close" }
]

const model = createTestModel(rightPanelMachine, { events, ...everyTransition })
const paths = model.getShortestPaths()

describe("right panel machine", () => {
  it("generated paths cover every state and every transition", () => {
    expect(uncovered(rightPanelMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(rightPanelMachine).start()
      const shows = () => openPanel(actor.getSnapshot().value)
      await path.test({
        events: {
          "panel.toggle": (step) => {
            // The model's step types only the event name; the payload is the one we listed above.
            const event = step.event as Extract<RightPanelEvent, { type: "panel.toggle" }>
            const before = shows()
            actor.send(event)
            expect(shows()).toBe(before === event.panel ? null : event.panel)
          },
          "panel.open": (step) => {
            const event = step.event as Extract<RightPanelEvent, { type: "panel.open" }>
            actor.send(event)
            expect(shows()).toBe(event.panel)
          },
          "panel.close": ({ event }) => actor.send(event)
        },
        states: {
          closed: () => {
            expect(shows()).toBeNull()
            expect(actor.getSnapshot().hasTag("open")).toBe(false)
          },
          info: () => expect(shows()).toBe("info"),
          infoMultiple: () => expect(shows()).toBe("info-multiple-lab"),
          notif: () => expect(shows()).toBe("notif")
        }
      })
      expect(actor.getSnapshot().value).toEqual(path.state.value)
    })
  }
})
