// What the sidebar's snapshot means on screen, kept apart from the statechart so both the layout and
// the model test read it the same way.
import type { SnapshotFrom } from "xstate"
import { SIDEBAR_WIDTH, type sidebarMachine } from "./sidebar.machine.ts"

type SidebarSnapshot = SnapshotFrom<typeof sidebarMachine>

export const sidebarExpanded = (snapshot: SidebarSnapshot): boolean => snapshot.hasTag("expanded")

export const sidebarWidth = (snapshot: SidebarSnapshot): number =>
  sidebarExpanded(snapshot) ? SIDEBAR_WIDTH.expanded : SIDEBAR_WIDTH.collapsed
