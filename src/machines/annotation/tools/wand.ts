// The wand (QuPath's, ImageJ's): a press reads the pixels shown once and grows the region of like
// colour around the pressed pixel at the current tolerance (annotation/wand/); dragging left or right
// before letting go takes the tolerance down or up from where it was, and the region grows again from
// the same pixels, live. Letting go saves the region (a polygon, or an area when it has holes) with
// the active label, one undo step as every new shape; the tolerance stays where the drag left it, as
// the slider shows. A press off the slide grows nothing and saves nothing; Escape puts the tolerance
// back and drops the region.
import { WAND_TOLERANCE } from "../../../annotation/wand/region.ts"
import { atOf, type GuardArgs, scaleOf, toolsSetup } from "./base.ts"
import { dropped } from "./pressing.ts"
import type { ToolsContext, ToolsEvent } from "./types.ts"

/** Tolerance per CSS pixel dragged sideways: half a step, so the range's 120 is a drag of 240 px. */
export const TOLERANCE_PER_PX = 0.5
/** A sideways drag changes the tolerance only past this many pixels, so a click's tremor does not. */
export const TOLERANCE_DEAD_PX = 4

export const clampTolerance = (tolerance: number): number =>
  Math.min(WAND_TOLERANCE.max, Math.max(WAND_TOLERANCE.min, Math.round(tolerance)))

/** The tolerance a drag from the press to `event` makes (page pixels when the view sends them, else image pixels × scale). */
export const toleranceAfter = (context: ToolsContext, event: ToolsEvent): number => {
  const press = context.wandPress
  if (press === null || context.origin === null) return context.tolerance
  const screenX = "screenX" in event ? event.screenX : undefined
  const dx =
    screenX !== undefined && press.screenX !== null ? screenX - press.screenX : (atOf(event)[0] - context.origin[0]) * scaleOf(event)
  const beyond = Math.max(0, Math.abs(dx) - TOLERANCE_DEAD_PX) * Math.sign(dx)
  return clampTolerance(press.tolerance + beyond * TOLERANCE_PER_PX)
}

/** The region grown from the press at `tolerance`, as the draft (empty where nothing grows). */
const grown = (context: Pick<ToolsContext, "wandPress" | "origin">, tolerance: number): ReadonlyArray<number> => {
  const reading = context.wandPress?.reading ?? null
  const origin = context.origin
  if (reading === null || origin === null) return []
  const region = reading.grow(origin[0], origin[1], tolerance)
  return region === null ? [] : [...region.coords]
}

export const wandGuards = {
  /** The press grew a region to save. */
  grew: ({ context }: GuardArgs) => context.draft.length >= 6
}

export const wandActions = {
  /** The press: the pixels shown read once, the region grown from them at the tolerance set. */
  pressWand: toolsSetup.assign(({ context, event }) => {
    const origin = atOf(event)
    const screenX = "screenX" in event && event.screenX !== undefined ? event.screenX : null
    const wandPress = { reading: context.wand.read(), tolerance: context.tolerance, screenX }
    return { origin, cursor: origin, wandPress, draft: grown({ wandPress, origin }, context.tolerance) }
  }),
  /** The drag: the tolerance follows it sideways, and the region is grown again when it changed. */
  retune: toolsSetup.assign(({ context, event }) => {
    const tolerance = toleranceAfter(context, event)
    return tolerance === context.tolerance ? { cursor: atOf(event) } : { tolerance, cursor: atOf(event), draft: grown(context, tolerance) }
  }),
  /** Escape: the tolerance back to where the press found it. */
  restoreTolerance: toolsSetup.assign(({ context }) => ({ tolerance: context.wandPress?.tolerance ?? context.tolerance })),
  setTolerance: toolsSetup.assign(({ event }) => (event.type === "wand.tolerance" ? { tolerance: clampTolerance(event.tolerance) } : {}))
}

export const wand = {
  initial: "idle",
  on: { "wand.tolerance": { actions: "setTolerance" } },
  states: {
    idle: { on: { "pointer.down": { target: "growing", actions: "pressWand" } } },
    growing: {
      on: {
        "pointer.move": { actions: "retune" },
        "pointer.up": [{ guard: "grew", target: "idle", actions: "enqueue" }, dropped],
        "key.escape": { target: "idle", actions: ["restoreTolerance", "clear"] },
        // The drag owns the tolerance while the press lasts: the slider's word waits for the next press.
        "wand.tolerance": { actions: [] }
      }
    }
  }
} as const
