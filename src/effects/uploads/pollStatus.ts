// While a slide is being processed, its status also comes by asking, every few seconds, in case the
// realtime socket is down and the `status_upload` message never arrives. The pause between two asks is
// the processing machine's (a timed state); this is one ask.
import { Effect } from "effect"
import { loadLab } from "../labs/detail.ts"

export const STATUS_POLL_MS = 4000

export const pollStatus = Effect.fn("Uploads.pollStatus")(function* (labId: string) {
  const lab = yield* loadLab(labId)
  return { lab_id: lab.id, status: lab.status, thumbnail: lab.thumbnail, thumbnail_url: lab.thumbnail_url }
})
