// Who may listen to a private realtime channel: a user's own channels only by that user; a lab's
// channel by whoever may see the lab (decided against the database by LabAccess); anything else
// by no one. A slide's presence channel is a lab channel too, whose members also carry who they are
// (server/services/annotations/SlideViewers.ts).
import { parseChannel } from "../../src/contract/realtime.ts"

export type ChannelRule =
  | { readonly kind: "allow" }
  | { readonly kind: "deny" }
  | { readonly kind: "lab"; readonly labId: string }
  | { readonly kind: "presence"; readonly labId: string }

/** pusher-js socket ids are two integers joined by a dot. */
const socketIdPattern = /^\d+\.\d+$/

export const channelRule = (userId: string, channel: string, socketId: string): ChannelRule => {
  const target = parseChannel(channel)
  if (!target || !socketIdPattern.test(socketId)) return { kind: "deny" }
  if (target.kind === "lab" || target.kind === "presence") return { kind: target.kind, labId: target.labId }
  return target.userId === userId ? { kind: "allow" } : { kind: "deny" }
}
