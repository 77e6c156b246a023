// Who else has the slide open: the members of the slide's presence channel (presence-slide_{id},
// src/contract/realtime.ts). The server signs each member's name (and email, except on a public
// slide) when it lets them in; pusher-js keeps the list from the protocol's member_added and
// member_removed, and the realtime connection hands it over whole after every change
// (PRESENCE_MEMBERS). A user with the slide open in several tabs is one member; a closed tab closes
// its socket, so its user leaves the others' lists at once (the server's last socket of theirs).
import type { Heard } from "../realtime/heard.ts"

/** One person on the slide, as the top bar shows them. */
export interface SlideViewer {
  readonly id: string
  readonly name: string
  /** Empty on a public slide. */
  readonly email: string
}

/** The others on the slide from a presence channel's member list; null for any other message. */
export const viewersOf = (heard: Heard, selfId: string | null): ReadonlyArray<SlideViewer> | null =>
  heard.type !== "realtime.presenceMembers"
    ? null
    : heard.data.filter((m) => m.id !== selfId).map((m) => ({ id: m.id, name: m.info.name, email: m.info.email }))
