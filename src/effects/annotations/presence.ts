// Who else has the slide open (GET/POST/DELETE /v2/labs/{id}/viewers/): the viewer calls in when it
// opens the slide and every 30 s, and leaves when it closes. Leaving when the tab closes cannot wait
// for an answer, so it is a keepalive fetch the browser finishes on its own.
import { Duration, Effect, Schedule } from "effect"
import type { Viewer } from "../../contract/annotations.ts"
import { call, endpoints, pathOf } from "../call.ts"
import { TokenStore } from "../TokenStore.ts"

export const CALL_IN_EVERY = Duration.seconds(30)

/** Calls in now and every 30 s, telling `report` who is there each time; leaves when interrupted. */
export const holdPresence = (labId: string, report: (viewers: ReadonlyArray<Viewer>) => void) =>
  call(endpoints.slideViewers.join, { params: { labId } }).pipe(
    Effect.tap((answer) => Effect.sync(() => report(answer.data.results))),
    // A missed call-in is not the end: the next one is in 30 s (a viewer is gone after 60).
    Effect.ignore,
    Effect.repeat(Schedule.spaced(CALL_IN_EVERY)),
    Effect.ensuring(Effect.ignore(call(endpoints.slideViewers.leave, { params: { labId } }))),
    Effect.withSpan("Presence.hold")
  )

/** Who is there now (a realtime change named someone the list lacks). */
export const listViewers = Effect.fn("Presence.list")(function* (labId: string) {
  return (yield* call(endpoints.slideViewers.list, { params: { labId } })).data.results
})

/** Leaves as the page goes away: a keepalive DELETE that outlives the page. */
export const leaveOnUnload = (labId: string, baseURL: string) =>
  Effect.gen(function* () {
    const tokens = yield* (yield* TokenStore).get
    if (tokens === null) return
    const path = pathOf(endpoints.slideViewers.leave.path, { labId })
    yield* Effect.sync(() => {
      void fetch(`${baseURL}${path}`, {
        method: "DELETE",
        keepalive: true,
        headers: { Authorization: `Bearer ${tokens.access}` }
      }).catch(() => undefined)
    })
  })
