// The left sidebar of the dashboard: 256 px expanded, 64 px collapsed. It starts collapsed until the
// stored preference has been read ("hydration"), defaults to open on windows wider than 960 px, follows
// the window when it crosses 960 px, is forced open on settings pages, and remembers the user's own
// toggles (persistPreference, provided by the view). On the slide viewer it folds to its rail whatever
// the preference (issue 16: the slide gets the room); a toggle there opens it for that visit only, and
// leaving the viewer brings the preference back.
import { assign, setup } from "xstate"

export type SidebarEvent =
  /** The view read local storage (null: nothing stored) and measured the window after mounting. */
  | { type: "sidebar.hydrate"; stored: boolean | null; wide: boolean }
  | { type: "sidebar.toggle" }
  /** The window is now wider than the breakpoint (true) or not; sent on every change of that fact. */
  | { type: "viewport.resize"; wide: boolean }
  | { type: "route.settings" }
  | { type: "route.viewer" }
  | { type: "route.other" }

export interface SidebarContext {
  /** Whether the window is wider than 960 px, as last reported. */
  wide: boolean
  /** The open/closed choice outside settings pages (the user's toggle or the breakpoint's). */
  open: boolean
  /** Whether the current page is a settings page (known before hydration too). */
  onSettings: boolean
  /** Whether the current page is the slide viewer (known before hydration too). */
  onViewer: boolean
}

export const SIDEBAR_BREAKPOINT = 960
export const SIDEBAR_WIDTH = { expanded: 256, collapsed: 64 } as const

const fromHydration = (event: SidebarEvent, context: SidebarContext): SidebarContext =>
  event.type === "sidebar.hydrate" ? { ...context, wide: event.wide, open: event.stored ?? event.wide } : context

const crossed = (context: SidebarContext, event: SidebarEvent, toWide: boolean) =>
  event.type === "viewport.resize" && event.wide === toWide && context.wide !== toWide

export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent
  },
  actions: {
    /** Stores the user's choice; the view provides the storage (local storage in the browser). */
    persistPreference: (_, _params: { open: boolean }) => {},
    hydrate: assign(({ context, event }) => fromHydration(event, context)),
    rememberViewport: assign({ wide: ({ context, event }) => (event.type === "viewport.resize" ? event.wide : context.wide) }),
    followViewport: assign(({ context, event }) =>
      event.type === "viewport.resize"
        ? { ...context, wide: event.wide, open: event.wide !== context.wide ? event.wide : context.open }
        : context
    ),
    choose: assign({ open: (_, params: { open: boolean }) => params.open }),
    enterSettings: assign({ onSettings: true, onViewer: false }),
    enterViewer: assign({ onSettings: false, onViewer: true }),
    leaveSettings: assign({ onSettings: false, onViewer: false })
  },
  guards: {
    onSettings: ({ context }) => context.onSettings,
    onViewer: ({ context }) => context.onViewer,
    hydratesOpen: ({ context, event }) => fromHydration(event, context).open,
    prefersOpen: ({ context }) => context.open,
    crossedToWide: ({ context, event }) => crossed(context, event, true),
    crossedToNarrow: ({ context, event }) => crossed(context, event, false)
  }
}).createMachine({
  id: "sidebar",
  context: { wide: false, open: false, onSettings: false, onViewer: false },
  initial: "booting",
  states: {
    /** Before the preference is read: drawn collapsed, so the first paint never over-opens. */
    booting: {
      tags: ["collapsed"],
      on: {
        "sidebar.hydrate": [
          { guard: "onSettings", target: "forced", actions: "hydrate" },
          { guard: "onViewer", target: "viewer.folded", actions: "hydrate" },
          { guard: "hydratesOpen", target: "free.expanded", actions: "hydrate" },
          { target: "free.collapsed", actions: "hydrate" }
        ],
        "route.settings": { actions: "enterSettings" },
        "route.viewer": { actions: "enterViewer" },
        "route.other": { actions: "leaveSettings" },
        "viewport.resize": { actions: "rememberViewport" }
      }
    },
    /** Outside settings pages: the user and the window decide. */
    free: {
      // Always entered through an explicit child target; "collapsed" only satisfies the schema.
      initial: "collapsed",
      on: {
        "route.settings": { target: "forced", actions: "enterSettings" },
        "route.viewer": { target: "viewer.folded", actions: "enterViewer" }
      },
      states: {
        expanded: {
          tags: ["expanded"],
          on: {
            "sidebar.toggle": {
              target: "collapsed",
              actions: [
                { type: "choose", params: { open: false } },
                { type: "persistPreference", params: { open: false } }
              ]
            },
            "viewport.resize": [
              { guard: "crossedToNarrow", target: "collapsed", actions: "followViewport" },
              { actions: "rememberViewport" }
            ]
          }
        },
        collapsed: {
          tags: ["collapsed"],
          on: {
            "sidebar.toggle": {
              target: "expanded",
              actions: [
                { type: "choose", params: { open: true } },
                { type: "persistPreference", params: { open: true } }
              ]
            },
            "viewport.resize": [{ guard: "crossedToWide", target: "expanded", actions: "followViewport" }, { actions: "rememberViewport" }]
          }
        }
      }
    },
    /** Settings pages keep the menu open; toggles are ignored, a crossing still updates the choice for later. */
    forced: {
      tags: ["expanded", "forced"],
      on: {
        "route.other": [
          { guard: "prefersOpen", target: "free.expanded", actions: "leaveSettings" },
          { target: "free.collapsed", actions: "leaveSettings" }
        ],
        "route.viewer": { target: "viewer.folded", actions: "enterViewer" },
        "viewport.resize": { actions: "followViewport" }
      }
    },
    /** The slide viewer: folded to the rail; a toggle opens it for this visit and is not remembered. */
    viewer: {
      initial: "folded",
      on: {
        "route.other": [
          { guard: "prefersOpen", target: "free.expanded", actions: "leaveSettings" },
          { target: "free.collapsed", actions: "leaveSettings" }
        ],
        "route.settings": { target: "forced", actions: "enterSettings" },
        "viewport.resize": { actions: "followViewport" }
      },
      states: {
        folded: { tags: ["collapsed"], on: { "sidebar.toggle": { target: "unfolded" } } },
        unfolded: { tags: ["expanded"], on: { "sidebar.toggle": { target: "folded" } } }
      }
    }
  }
})
