// The annotation workspace's keys, converted once, here, into machine events.
// While a tool is in use: Escape, Backspace, Enter (never while typing elsewhere). With a selection,
// heard before OpenSeadragon's (which pans with the arrows): Delete or Backspace deletes it (the
// workspace keeps what the user may not delete; the tools ask first when it is several), the arrows
// nudge the one selected shape (Shift: ten times as far), Ctrl+A (Cmd+A) selects every shown shape.
// Never while typing or in a dialog, never with Alt; only Ctrl+A with Ctrl or Meta.
import { type RefObject, useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { mayReshapeShape } from "../../../annotation/edit-rules.ts"
import type { AnnotationOverlay } from "../../../annotation/render/overlay.ts"
import { sole } from "../../../annotation/selection.ts"
import type { workspaceMachine } from "../../../machines/annotation/workspace/workspace.machine.ts"
import { isTyping } from "../shortcuts.ts"

/** An arrow key nudges the selected shape this far on screen; with Shift, ten times as far. */
const NUDGE_PX = 1
const NUDGES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1]
}

export const useAnnotationKeys = (workspace: ActorRefFrom<typeof workspaceMachine>, overlay: RefObject<AnnotationOverlay | null>) => {
  const { tools, store } = workspace.getSnapshot().context

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      const typing = target !== null && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)
      if (typing && event.key !== "Escape" && event.key !== "Enter") return
      if (typing && !target?.dataset.annotationComment) return
      const type =
        event.key === "Escape" ? "key.escape" : event.key === "Backspace" ? "key.backspace" : event.key === "Enter" ? "key.enter" : null
      if (type === null) return
      const before = tools.getSnapshot()
      tools.send({ type })
      if (tools.getSnapshot() !== before) event.preventDefault()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [tools])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || isTyping(event.target)) return
      if (event.target instanceof Element && event.target.closest("dialog") !== null) return
      const snapshot = tools.getSnapshot()
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "a") {
        if (snapshot.hasTag("busy")) return
        if (snapshot.context.tool !== "select") tools.send({ type: "tool.choose", tool: "select" })
        tools.send({ type: "selection.all" })
        event.preventDefault()
        event.stopPropagation()
        return
      }
      if (event.ctrlKey || event.metaKey) return
      if (snapshot.context.tool !== "select" || !snapshot.matches({ tools: { select: "idle" } })) return
      const { editor } = workspace.getSnapshot().context
      if (event.key === "Delete" || event.key === "Backspace") {
        // A visitor deletes nothing, and is not told why at every key.
        if (snapshot.context.selection.size === 0 || !editor.canEdit) return
        workspace.send({ type: "selection.delete" })
        event.preventDefault()
        event.stopPropagation()
        return
      }
      const nudge = NUDGES[event.key]
      const id = sole(snapshot.context.selection)
      const shape = id === null ? undefined : store.get(id)
      if (nudge === undefined || shape === undefined || !mayReshapeShape(editor, shape)) return
      const step = ((event.shiftKey ? 10 : 1) * NUDGE_PX) / (overlay.current?.scale ?? 1)
      workspace.send({ type: "shape.nudge", shape, dx: nudge[0] * step, dy: nudge[1] * step })
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener("keydown", onKey, true)
    return () => window.removeEventListener("keydown", onKey, true)
  }, [workspace, tools, store, overlay])
}
