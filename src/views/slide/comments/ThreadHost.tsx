// Opens a comment pin's thread over the slide while the pin is the one shape selected (and saved:
// a pin being written has no thread yet), and opens the thread a link names once the slide's
// annotations are in. The members `@` suggests are the chat's (the chat actor loads them).
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { useEffect, useMemo, useRef } from "react"
import type { Role } from "../../../contract/labs.ts"
import { mayAnnotate } from "../../../contract/permissions.ts"
import type { AnnotationsView } from "../annotation/useAnnotations.ts"
import type { Mentionable } from "../chat/mentions.ts"
import type { ChatActor } from "../chat/useSlideChat.ts"
import { ThreadPopover } from "./ThreadPopover.tsx"
import { useOpenThread } from "./useOpenThread.ts"

const NO_MEMBERS: ReadonlyArray<Mentionable> = []

const useMembers = (chat: ChatActor | null): ReadonlyArray<Mentionable> => {
  const people = useSelector(chat ?? undefined, (s) => s?.context.members)
  return useMemo(
    () =>
      people === undefined
        ? NO_MEMBERS
        : people.flatMap((m) => (m.user_id ? [{ userId: m.user_id, name: m.name || m.email, username: m.username, email: m.email }] : [])),
    [people]
  )
}

export const ThreadHost = ({
  view,
  viewer,
  labId,
  role,
  signedIn,
  me,
  chat
}: {
  readonly view: AnnotationsView
  readonly viewer: OpenSeadragon.Viewer
  readonly labId: string
  readonly role: Role | null
  readonly signedIn: boolean
  readonly me: string | null
  readonly chat: ChatActor | null
}) => {
  const members = useMembers(chat)
  const shape = view.selected
  if (shape === null || shape.comments.length === 0 || shape.author === null || view.composing) return null
  return (
    <ThreadPopover
      key={shape.id}
      shape={shape}
      viewer={viewer}
      labId={labId}
      signedIn={signedIn}
      canWrite={signedIn && mayAnnotate(role, "comment.write")}
      moderator={signedIn && mayAnnotate(role, "comment.delete")}
      me={me}
      members={members}
      onClose={view.clearSelection}
    />
  )
}

/** The thread a link names (`?thread=`), opened once, when the slide's annotations are in. */
export const useThreadFromLink = (annotationId: string | null, view: AnnotationsView, viewer: OpenSeadragon.Viewer | null) => {
  const open = useOpenThread(view, viewer)
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (annotationId === null || viewer === null || view.phase !== "ready" || opened.current === annotationId) return
    if (open(annotationId)) opened.current = annotationId
  }, [annotationId, viewer, view.phase, open])
}
