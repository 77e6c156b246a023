// @xstate/react's useActorRef, giving every root actor the app's live inspection (inspect.ts): in a
// development build opened with `?inspect`, the Stately inspector; otherwise nothing is added.
import { useActorRef as useActorRefOf } from "@xstate/react"
import type { ActorOptions, AnyActorLogic } from "xstate"
import { inspection } from "../machines/support/inspect.ts"

export const useActorRef = ((logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>, observer?: unknown) =>
  useActorRefOf(logic, { ...inspection(), ...options } as never, observer as never)) as typeof useActorRefOf
