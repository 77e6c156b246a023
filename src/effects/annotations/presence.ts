// Who else has the slide open: the members of the slide's presence channel (presence-slide_{id},
// src/contract/realtime.ts). The server signs each member's name (and email, except on a public
// slide) when it lets them in; pusher-js keeps the list from the protocol's member_added and
// member_removed, and the realtime connection hands it over whole after every change
// (PRESENCE_MEMBERS). A user with the slide open in several tabs is one member; a closed tab closes
// its socket, so its user leaves the others' lists at once (the server's last socket of theirs).
import { Schema } from "effect"
import { PresenceMember } from "../../contract/realtime.ts"
import { PRESENCE_MEMBERS } from "../realtime/pusherConnection.ts"

/** One person on the slide, as the top bar shows them. */
export interface SlideViewer {
  readonly id: string
  readonly name: string
  /** Empty on a public slide. */
  readonly email: string
}

const decodeMembers = Schema.decodeUnknownOption(Schema.Array(PresenceMember))

/**
 * The others on the slide from a presence channel's message, or null when the message is not the
 * member list (a list that does not decode is dropped, never trusted).
 */
export const viewersOf = (event: string, data: unknown, selfId: string | null): ReadonlyArray<SlideViewer> | null => {
  if (event !== PRESENCE_MEMBERS) return null
  const members = decodeMembers(data)
  if (members._tag === "None") return null
  return members.value.filter((m) => m.id !== selfId).map((m) => ({ id: m.id, name: m.info.name, email: m.info.email }))
}
