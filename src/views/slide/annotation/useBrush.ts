// The brush's options as the view offers them: its size (the options' slider, and [ and ] on the
// keyboard, a fifth smaller or larger a press) and the subtract toggle for touch, where no Alt key is
// held; and what the pointer's press tells the tools machine: the shape the stroke paints on.
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { isClosed } from "../../../annotation/boolean.ts"
import { sole } from "../../../annotation/selection.ts"
import type { Shape } from "../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../annotation/store/store.ts"
import type { BrushTarget, toolsMachine } from "../../../machines/annotation/tools.machine.ts"
import { brushStepOf, isTyping } from "../shortcuts.ts"

type Tools = ActorRefFrom<typeof toolsMachine>

export interface BrushView {
  /** Diameter, screen px. */
  readonly px: number
  readonly subtract: boolean
  readonly setSize: (px: number) => void
  readonly setSubtract: (on: boolean) => void
}

/** The one selected shape when the brush may paint on it: closed, and the user's to change. */
export const brushTargetOf = (tools: Tools, store: AnnotationStore, mayEdit: (shape: Shape) => boolean): BrushTarget | null => {
  const id = sole(tools.getSnapshot().context.selection)
  const shape = id === null ? undefined : store.get(id)
  if (shape === undefined || !isClosed(shape) || !mayEdit(shape)) return null
  return { id: shape.id, kind: shape.kind, coords: [...shape.coords], version: shape.version }
}

export const useBrush = (tools: Tools): BrushView => {
  const brush = useSelector(tools, (s) => s.context.brush)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return
      const step = brushStepOf(event)
      const { tool, brush } = tools.getSnapshot().context
      if (step === null || tool !== "brush") return
      tools.send({ type: "brush.size", px: step > 0 ? Math.max(brush.px + 1, brush.px * 1.2) : Math.min(brush.px - 1, brush.px / 1.2) })
      event.preventDefault()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [tools])
  return {
    px: brush.px,
    subtract: brush.subtract,
    setSize: (px) => tools.send({ type: "brush.size", px }),
    setSubtract: (on) => tools.send({ type: "brush.subtract", on })
  }
}
