// Realtime channel and event names (spec section 7, as private channels) and the endpoints where the
// SPA learns where to connect and gets its private channels authorised.
//
//   private-mylab_{labId}               lab_changed_{labId}, status_upload_{labId}, and later the
//                                       annotation, label and chat events of the spec; a folder's
//                                       channel also carries status_upload_{childId} of its files,
//                                       so one subscription keeps a whole folder view live
//   private-notif_chat_{userId}         invite_{userId} (an invitation), notif_chat_{userId} (a comment)
//   private-ownership_changes_{userId}  ownership_changes_{userId}
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Forbidden, Unauthorized } from "./errors.ts"
import { UploadStatus } from "./labs.ts"
import { Authorization } from "./middleware.ts"

export const labChannel = (labId: string) => `private-mylab_${labId}`
export const notificationChannel = (userId: string) => `private-notif_chat_${userId}`
export const ownershipChannel = (userId: string) => `private-ownership_changes_${userId}`

export const realtimeEvents = {
  labChanged: (labId: string) => `lab_changed_${labId}`,
  statusUpload: (labId: string) => `status_upload_${labId}`,
  invite: (userId: string) => `invite_${userId}`,
  notifChat: (userId: string) => `notif_chat_${userId}`,
  ownershipChanges: (userId: string) => `ownership_changes_${userId}`
}

/** What a private channel name refers to, so the server can decide who may listen. */
export type ChannelTarget = { readonly kind: "lab"; readonly labId: string } | { readonly kind: "user"; readonly userId: string }

export const parseChannel = (channel: string): ChannelTarget | undefined => {
  const match = /^private-(mylab|notif_chat|ownership_changes)_([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (!match) return undefined
  return match[1] === "mylab" ? { kind: "lab", labId: match[2]! } : { kind: "user", userId: match[2]! }
}

// What each message carries. The server builds messages only from these (server/domain/realtime-routing.ts)
// and the SPA decodes what it hears with them, so a message of another shape is dropped, never trusted.

/** `lab_changed_{id}`: something about the lab or one of its children changed; lists reload it. */
export const LabChanged = Schema.Struct({
  /** The domain event, e.g. "lab.renamed", "member.invited", "upload.status". */
  kind: Schema.String,
  lab_id: Schema.String,
  // Optional for a server that follows the spec without them; ours always sends them.
  parent_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  actor_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  at: Schema.optionalKey(Schema.String)
})
export type LabChanged = typeof LabChanged.Type

/** `status_upload_{id}`: a file's upload moved on; thumbnails come with "ready". */
export const StatusUpload = Schema.Struct({
  lab_id: Schema.String,
  status: UploadStatus,
  /** Absent means "keep what you have"; ours sends both with every status. */
  thumbnail: Schema.optionalKey(Schema.NullOr(Schema.String)),
  thumbnail_url: Schema.optionalKey(Schema.NullOr(Schema.String))
})
export type StatusUpload = typeof StatusUpload.Type

/** `invite_{user}`, `ownership_changes_{user}`, `notif_chat_{user}`: a notification to load. */
export const Notice = Schema.Struct({
  kind: Schema.String,
  lab_id: Schema.NullOr(Schema.String),
  actor_id: Schema.NullOr(Schema.String),
  notification_id: Schema.NullOr(Schema.String),
  at: Schema.String
})
export type Notice = typeof Notice.Type

export const ClientConfig = Schema.Struct({
  key: Schema.String,
  cluster: Schema.String,
  /** Null: the page's own host and port (the embedded server). */
  host: Schema.NullOr(Schema.String),
  port: Schema.NullOr(Schema.Number),
  tls: Schema.NullOr(Schema.Boolean)
})
export type ClientConfig = typeof ClientConfig.Type

/** pusher-js posts these as a form. */
export const AuthPayload = Schema.Struct({ socket_id: Schema.String, channel_name: Schema.String }).pipe(HttpApiSchema.asFormUrlEncoded())

export class RealtimeConfigGroup extends HttpApiGroup.make("realtimeConfig")
  .add(HttpApiEndpoint.get("config", "/realtime/config/", { success: ClientConfig }))
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Realtime", description: "Where browsers connect for live events" })) {}

export class RealtimeAuthGroup extends HttpApiGroup.make("realtimeAuth")
  .add(
    HttpApiEndpoint.post("auth", "/realtime/auth/", {
      payload: AuthPayload,
      success: Schema.Struct({ auth: Schema.String, channel_data: Schema.optionalKey(Schema.String) }),
      error: [Unauthorized, Forbidden]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Realtime", description: "Authorises a private channel for the signed-in user" })) {}
