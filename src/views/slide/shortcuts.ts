// The viewer's keyboard shortcuts, by the key's character (so they follow the keyboard layout):
// + or = zoom in, - zoom out, 0 home, r rotate right, R (Shift+r) rotate left, f full screen; and
// the tool rail's tools by their place on it, 1 (pan and zoom) to 9 (measure): digits read the same
// in every language, and no letter of the viewer's (r, f, n, p) is taken. Beyond the nine, the brush
// takes B as in QuPath (either case; [ and ] size it), and the wand QuPath's W, which OpenSeadragon would take to pan up: the viewer keeps it from
// OpenSeadragon (SlideViewer), the arrow keys still pan. Never with Ctrl, Alt or Meta (the browser's
// own zoom is Ctrl+plus), and never while typing.
import type { Tool } from "../../machines/annotation/tools.machine.ts"

export type ViewerCommand = "zoomIn" | "zoomOut" | "home" | "rotateRight" | "rotateLeft" | "fullScreen"

export interface KeyLike {
  readonly key: string
  readonly ctrlKey: boolean
  readonly altKey: boolean
  readonly metaKey: boolean
}

const commands: Readonly<Record<string, ViewerCommand>> = {
  "+": "zoomIn",
  "=": "zoomIn",
  "-": "zoomOut",
  "0": "home",
  r: "rotateRight",
  R: "rotateLeft",
  f: "fullScreen",
  F: "fullScreen"
}

export const shortcutOf = (event: KeyLike): ViewerCommand | null =>
  event.ctrlKey || event.altKey || event.metaKey ? null : (commands[event.key] ?? null)

/** Each tool's key: its place on the rail, from the top. */
export const TOOL_KEYS: Readonly<Record<Tool, string>> = {
  select: "1",
  rectangle: "2",
  ellipse: "3",
  polygon: "4",
  pencil: "5",
  lasso: "6",
  brush: "B",
  wand: "W",
  point: "7",
  comment: "8",
  ruler: "9"
}

const toolsByKey: ReadonlyMap<string, Tool> = new Map(
  Object.entries(TOOL_KEYS).flatMap(([tool, key]) => [[key, tool as Tool] as const, [key.toLowerCase(), tool as Tool] as const])
)

/** [ and ]: the brush's size down or up a step (a fifth, so the steps feel even from small to large). */
export const brushStepOf = (event: KeyLike): -1 | 1 | null =>
  event.ctrlKey || event.altKey || event.metaKey ? null : event.key === "[" ? -1 : event.key === "]" ? 1 : null

/** A letter's tool whichever its case (Caps Lock, Shift): the keys are written in capitals. */
export const toolShortcutOf = (event: KeyLike): Tool | null =>
  event.ctrlKey || event.altKey || event.metaKey ? null : (toolsByKey.get(event.key.toUpperCase()) ?? null)

/** Whether keys typed at `target` are text for a field rather than commands for the viewer. */
export const isTyping = (target: EventTarget | null): boolean => {
  if (typeof HTMLElement === "undefined" || !(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT"
}
