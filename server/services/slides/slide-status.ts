// A file lab's status change, written with its event in the caller's transaction. The event
// (upload.status) reaches the lab's channel and its folder's as status_upload_{id}, and lists as
// lab_changed_{id} (server/domain/realtime-routing.ts).
import type { AutoTags, UploadStatus } from "../../../src/contract/labs.ts"
import { slideUrls } from "../../domain/slide-urls.ts"
import type { Trx } from "../platform/Database.ts"
import type { EventLog } from "../platform/EventLog.ts"

export interface StatusTarget {
  readonly id: string
  readonly parent_id: string | null
  /** The build's key once ready: the event carries the new thumbnails. */
  readonly slide_key: string | null
}

export const recordStatus = (
  events: typeof EventLog.Service,
  trx: Trx,
  lab: StatusTarget,
  status: UploadStatus,
  actorId: string | null,
  /** A ready slide's auto tags, stored in the same transaction (AutoTagging.ts). */
  autoTags?: AutoTags
) => {
  const urls = status === "ready" && lab.slide_key ? slideUrls(lab.id, lab.slide_key) : undefined
  return events.record(trx, {
    actorId,
    kind: "upload.status",
    labId: lab.id,
    payload: {
      status,
      thumbnail: urls?.thumbnail ?? null,
      thumbnail_url: urls?.thumbnailUrl ?? null,
      parent_id: lab.parent_id,
      ...(autoTags === undefined ? {} : { auto_tags: autoTags })
    }
  })
}
