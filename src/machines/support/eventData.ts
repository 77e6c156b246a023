// Reads the payload of an invoked actor's error event, for guards and actions that take it as params.
// (Inside `onError` arrays TypeScript cannot infer the event type of an inline params function.)
import type { ErrorActorEvent } from "xstate"

export const errorOf = ({ event }: { readonly event: ErrorActorEvent }): unknown => event.error
