// A detection's own facts (its measurements as its description, its lock and its name), read with the
// one annotation when the viewer shows them: the compact read leaves them out (compact.ts `detection`).
import { Effect } from "effect"
import { type AnnotationProps, propsOf } from "../../annotation/props.ts"
import { call, endpoints } from "../call.ts"

export const readDetectionProps = Effect.fn("Annotations.readDetection")(function* (labId: string, id: string) {
  const answer = yield* call(endpoints.annotationsView.one, { params: { labId, id } })
  return propsOf(answer.data.data) satisfies AnnotationProps
})
