// Working on a slide together, as the view shows it: who else has the slide open and the shapes drawn
// without a connection (drafts.machine.ts), kept on this device and uploaded when it returns. The
// workspace machine (machines/annotation/workspace) runs the live feed, presence and the drafts, and
// writes the store; this reads its snapshots.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { SlideViewer } from "../../../../effects/annotations/presence.ts"
import type { workspaceMachine } from "../../../../machines/annotation/workspace/workspace.machine.ts"

export interface CollabView {
  /** Others with the slide open (not this user). */
  readonly viewers: ReadonlyArray<SlideViewer>
  readonly unsaved: number
  readonly drafts: "loading" | "empty" | "waiting" | "syncing" | "refused"
  readonly retryDrafts: () => void
  readonly discardDrafts: () => void
}

export const useCollab = (workspace: ActorRefFrom<typeof workspaceMachine>): CollabView => {
  const { drafts } = workspace.getSnapshot().context
  const viewers = useSelector(workspace, (s) => s.context.viewers)
  const unsaved = useSelector(drafts, (s) => s.context.drafts.length)
  const phase = useSelector(drafts, (s) => s.value as CollabView["drafts"])
  return {
    viewers,
    unsaved,
    drafts: phase,
    retryDrafts: () => drafts.send({ type: "drafts.retry" }),
    discardDrafts: () => drafts.send({ type: "drafts.clear" })
  }
}
