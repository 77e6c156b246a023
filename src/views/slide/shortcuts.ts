// The viewer's keyboard shortcuts, by the key's character (so they follow the keyboard layout):
// + or = zoom in, - zoom out, 0 home, r rotate right, R (Shift+r) rotate left, f full screen.
// Never with Ctrl, Alt or Meta (the browser's own zoom is Ctrl+plus), and never while typing.

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

/** Whether keys typed at `target` are text for a field rather than commands for the viewer. */
export const isTyping = (target: EventTarget | null): boolean => {
  if (typeof HTMLElement === "undefined" || !(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT"
}
