// Model-based test of the sidebar: every generated path drives a real actor (with a fake preference
// store) and, in every state it reaches, checks what the user sees (width) and what was stored.
import { createActor } from "xstate"
import { createTestModel } from "xstate/graph"
import { describe, expect, it } from "vitest"
import { everyTransition, uncovered } from "../../testing/coverage.ts"
import { SIDEBAR_WIDTH, type SidebarEvent, sidebarMachine } from "./sidebar.machine.ts"
import { sidebarWidth } from "./sidebar.view.ts"

const events: SidebarEvent[] = [
  { type: "sidebar.hydrate", stored: null, wide: true },
  { type: "sidebar.hydrate", stored: null, wide: false },
  { type: "sidebar.hydrate", stored: true, wide: false },
  { type: "sidebar.hydrate", stored: false, wide: true },
  { type: "sidebar.toggle" },
  { type: "viewport.resize", wide: true },
  { type: "viewport.resize", wide: false },
  { type: "route.settings" },
  { type: "route.viewer" },
  { type: "route.other" }
]

const model = createTestModel(sidebarMachine, { events, ...everyTransition })
const paths = model.getShortestPaths()

describe("sidebar machine", () => {
  it("generated paths cover every state and every transition", () => {
    expect(uncovered(sidebarMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(path.description, async () => {
      const stored: boolean[] = []
      const actor = createActor(
        sidebarMachine.provide({ actions: { persistPreference: (_, params: { open: boolean }) => void stored.push(params.open) } })
      ).start()
      let toggles = 0

      await path.test({
        events: {
          "sidebar.hydrate": ({ event }) => actor.send(event as SidebarEvent),
          "sidebar.toggle": ({ event }) => {
            toggles += actor.getSnapshot().matches("free") ? 1 : 0
            actor.send(event)
          },
          "viewport.resize": ({ event }) => actor.send(event as SidebarEvent),
          "route.settings": ({ event }) => actor.send(event),
          "route.viewer": ({ event }) => actor.send(event),
          "route.other": ({ event }) => actor.send(event)
        },
        states: {
          booting: () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.collapsed)
            expect(stored).toEqual([])
          },
          "free.expanded": () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.expanded)
            expect(actor.getSnapshot().context.open).toBe(true)
          },
          "free.collapsed": () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.collapsed)
            expect(actor.getSnapshot().context.open).toBe(false)
          },
          forced: () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.expanded)
            expect(actor.getSnapshot().hasTag("forced")).toBe(true)
          },
          // The viewer folds the sidebar to its rail whatever the preference; opening it there is for
          // the visit: the preference (context.open) is not changed by it.
          "viewer.folded": () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.collapsed)
            expect(actor.getSnapshot().context.onViewer).toBe(true)
          },
          "viewer.unfolded": () => {
            expect(sidebarWidth(actor.getSnapshot())).toBe(SIDEBAR_WIDTH.expanded)
            expect(actor.getSnapshot().context.onViewer).toBe(true)
          }
        }
      })

      // Only the user's own toggles are remembered, and the last one stored is the current choice.
      expect(stored).toHaveLength(toggles)
      if (toggles > 0) expect(stored.at(-1)).toBe(actor.getSnapshot().context.open)
      // The actor ends where the model says.
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    })
  }
})

describe("sidebar rules", () => {
  const run = (...sequence: SidebarEvent[]) => {
    const actor = createActor(sidebarMachine).start()
    for (const event of sequence) actor.send(event)
    return actor.getSnapshot()
  }

  it("defaults to open on wide windows and collapsed on narrow ones", () => {
    expect(run({ type: "sidebar.hydrate", stored: null, wide: true }).value).toEqual({ free: "expanded" })
    expect(run({ type: "sidebar.hydrate", stored: null, wide: false }).value).toEqual({ free: "collapsed" })
  })

  it("prefers the stored choice over the default", () => {
    expect(run({ type: "sidebar.hydrate", stored: false, wide: true }).value).toEqual({ free: "collapsed" })
  })

  it("only follows the window when it crosses the breakpoint", () => {
    const s = run({ type: "sidebar.hydrate", stored: false, wide: true }, { type: "viewport.resize", wide: true })
    expect(s.value).toEqual({ free: "collapsed" })
  })

  it("stays open on settings and comes back to the breakpoint's choice afterwards", () => {
    const s = run(
      { type: "route.settings" },
      { type: "sidebar.hydrate", stored: true, wide: true },
      { type: "sidebar.toggle" },
      { type: "viewport.resize", wide: false }
    )
    expect(s.value).toBe("forced")
    expect(
      run(
        { type: "route.settings" },
        { type: "sidebar.hydrate", stored: true, wide: true },
        { type: "viewport.resize", wide: false },
        { type: "route.other" }
      ).value
    ).toEqual({ free: "collapsed" })
  })
})

describe("sidebar on the slide viewer", () => {
  const run = (...sequence: SidebarEvent[]) => {
    const actor = createActor(sidebarMachine).start()
    for (const event of sequence) actor.send(event)
    return actor.getSnapshot()
  }

  it("folds to the rail though the user keeps it open, and gives it back on leaving", () => {
    const opened = { type: "sidebar.hydrate", stored: true, wide: true } as const
    expect(run({ type: "route.viewer" }, opened).value).toEqual({ viewer: "folded" })
    expect(run(opened, { type: "route.viewer" }).value).toEqual({ viewer: "folded" })
    expect(run(opened, { type: "route.viewer" }, { type: "route.other" }).value).toEqual({ free: "expanded" })
  })

  it("opens for the visit when toggled there, without changing the kept choice", () => {
    const s = run({ type: "sidebar.hydrate", stored: false, wide: true }, { type: "route.viewer" }, { type: "sidebar.toggle" })
    expect(s.value).toEqual({ viewer: "unfolded" })
    expect(s.context.open).toBe(false)
    expect(
      run(
        { type: "sidebar.hydrate", stored: false, wide: true },
        { type: "route.viewer" },
        { type: "sidebar.toggle" },
        { type: "route.other" }
      ).value
    ).toEqual({
      free: "collapsed"
    })
  })
})
