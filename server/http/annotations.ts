// Placeholder handlers while the annotation services are written: every call is a 404.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { NotFound } from "../../src/contract/errors.ts"

const missing = () => Effect.fail(new NotFound({ message: "Lab not found." }))

export const AnnotationsViewLive = HttpApiBuilder.group(Api, "annotationsView", (handlers) =>
  Effect.succeed(handlers.handle("list", missing).handle("labels", missing))
)
export const AnnotationsLive = HttpApiBuilder.group(Api, "annotations", (handlers) =>
  Effect.succeed(handlers.handle("create", missing).handle("update", missing).handle("remove", missing))
)
export const LabelsLive = HttpApiBuilder.group(Api, "labels", (handlers) =>
  Effect.succeed(handlers.handle("create", missing).handle("update", missing).handle("remove", missing))
)
export const SlideViewersLive = HttpApiBuilder.group(Api, "slideViewers", (handlers) =>
  Effect.succeed(handlers.handle("list", missing).handle("join", missing).handle("leave", missing))
)
