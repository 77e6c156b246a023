// Working on a slide together: the lab channel's annotation and label changes applied to the store
// as they arrive (origin "remote": never sent back, never undone), labels created, renamed and
// deleted elsewhere handed to the labels flow, who else has the slide open (the slide's presence
// channel, src/effects/annotations/presence.ts), and the shapes drawn
// without a connection (drafts.machine.ts), kept on this device and uploaded when it returns. The
// user's own edits of saved shapes are useEdits' (edit/useEdits.ts).
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../../useActorRef.ts"
import { useEffect, useMemo, useState } from "react"
import type { ActorRefFrom } from "xstate"
import { type Shape, shapeOf, shapesOfCompact } from "../../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../../annotation/store/store.ts"
import type { Annotation, Label } from "../../../../contract/annotations.ts"
import { labChannel, presenceChannel } from "../../../../contract/realtime.ts"
import { type SlideViewer, viewersOf } from "../../../../effects/annotations/presence.ts"
import { takeOwnBulk } from "../../../../effects/annotations/own-bulk.ts"
import { planOf, remoteChangeOf } from "../../../../effects/annotations/remote.ts"
import { runtime } from "../../../../effects/runtime.ts"
import { draftsMachine } from "../../../../machines/annotation/drafts.machine.ts"
import { readCompact } from "../../../../effects/annotations/loadSave.ts"
import type { labelsMachine } from "../../../../machines/annotation/labels.machine.ts"
import type { toolsMachine } from "../../../../machines/annotation/tools.machine.ts"
import { liveStatusOf } from "../../../../machines/realtime/realtime.machine.ts"
import { useRealtimeActor } from "../../../realtime/RealtimeProvider.tsx"
import { useChannel } from "../../../realtime/useChannel.ts"
import { useSession } from "../../../session.tsx"
import { isDraft, shapeOfDraft } from "./draftShape.ts"

export interface CollabView {
  /** Others with the slide open (not this user). */
  readonly viewers: ReadonlyArray<SlideViewer>
  readonly unsaved: number
  readonly drafts: "loading" | "empty" | "waiting" | "syncing" | "refused"
  readonly retryDrafts: () => void
  readonly discardDrafts: () => void
  /** An unsaved draft is edited where it is kept (on this device). */
  readonly draft: {
    readonly update: (id: string, coords: ReadonlyArray<number>) => void
    readonly relabel: (id: string, label: Pick<Label, "id" | "name" | "color">) => void
    readonly remove: (id: string) => void
  }
}

const shapesOf = (annotations: ReadonlyArray<Annotation>): Array<Shape> =>
  annotations.flatMap((annotation) => {
    const parsed = shapeOf(annotation)
    return parsed.ok ? [parsed.shape] : []
  })

export const useCollab = (options: {
  readonly labId: string
  readonly store: AnnotationStore
  readonly tools: ActorRefFrom<typeof toolsMachine>
  readonly labels: ReadonlyArray<Pick<Label, "id" | "name" | "color">>
  /** The labels flow: labels changed elsewhere are handed to it as they are heard. */
  readonly labelsFlow: ActorRefFrom<typeof labelsMachine>
  readonly canEdit: boolean
  readonly defaultLabel: string
}): CollabView => {
  const { labId, store, tools, labels, labelsFlow, canEdit, defaultLabel } = options
  const { user } = useSession()
  const selfId = user?.id ?? null
  const realtime = useRealtimeActor()
  const connected = useSelector(realtime, (s) => liveStatusOf(s) === "live")
  const [online, setOnline] = useState(() => navigator.onLine)
  const [viewers, setViewers] = useState<ReadonlyArray<SlideViewer>>([])
  const drafts = useActorRef(draftsMachine, { input: { labId, defaultLabel, online: navigator.onLine, connected: false } })
  const draftList = useSelector(drafts, (s) => s.context.drafts)
  const draftPhase = useSelector(drafts, (s) => s.value as CollabView["drafts"])

  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener("online", update)
    window.addEventListener("offline", update)
    return () => {
      window.removeEventListener("online", update)
      window.removeEventListener("offline", update)
    }
  }, [])
  useEffect(() => drafts.send({ type: "connection.change", online, connected: canEdit && connected }), [drafts, online, connected, canEdit])
  useEffect(() => {
    const first = labels[0]
    drafts.send({ type: "drafts.label", label: first ? { id: first.id, name: first.name } : null })
  }, [drafts, labels])

  // A save that found no network becomes a draft, with the id and shape it was sent with.
  useEffect(() => {
    const subscription = tools.on("annotation.drafted", ({ input }) => {
      const label = input.label === null ? null : (labels.find((l) => l.id === input.label?.id) ?? { ...input.label, color: "" })
      drafts.send({
        type: "draft.add",
        draft: {
          id: input.id,
          lab_id: input.labId,
          kind: input.kind,
          coords: [...input.coords],
          label: label === null ? null : { id: label.id, name: label.name, color: label.color },
          ...(input.comment ? { comment: input.comment } : {}),
          created_at: new Date().toISOString()
        }
      })
    })
    return () => subscription.unsubscribe()
  }, [tools, drafts, labels])

  // The drafts are in the store too (drawn, selectable); a load replaces the store, so they go back in.
  useEffect(() => {
    const held = new Set(draftList.map((d) => d.id))
    const gone = [...store.all()].filter((s) => isDraft(s) && !held.has(s.id)).map((s) => s.id)
    const missing = draftList.filter((d) => store.get(d.id) === undefined || isDraft(store.get(d.id)!)).map(shapeOfDraft)
    if (gone.length > 0 || missing.length > 0) store.apply("local", { upsert: missing, remove: gone })
    return store.subscribe((change) => {
      if (!change.reset || draftList.length === 0) return
      queueMicrotask(() => store.apply("local", { upsert: draftList.filter((d) => store.get(d.id) === undefined).map(shapeOfDraft) }))
    })
  }, [store, draftList])
  useEffect(() => {
    const subscription = drafts.on("drafts.synced", ({ annotations }) => store.apply("local", { upsert: shapesOf(annotations) }))
    return () => subscription.unsubscribe()
  }, [drafts, store])

  // Who else is here: the slide's presence channel, joined while the slide is open (signed in); each
  // subscription starts with the whole list, so nothing from another slide lingers.
  useChannel(canEdit ? presenceChannel(labId) : null, (message) => {
    const present = viewersOf(message.event, message.data, selfId)
    if (present !== null) setViewers(present)
  })

  // Live changes: applied at once; what did not fit in its message is fetched.
  useChannel(canEdit ? labChannel(labId) : null, (message) => {
    const change = remoteChangeOf(labId, message.event, message.data)
    if (change === null) return
    const labelShapes = (labelId: string) => [...store.all()].filter((s) => s.labelId === labelId).map((s) => s.id)
    const plan = planOf(labId, change, labelShapes, (id) => store.get(id), takeOwnBulk)
    // A message names who made the change, not who drew the shape: a shape the store has keeps its author.
    const upsert = plan.batch.upsert?.map((shape) => {
      const author = store.get(shape.id)?.author
      return author ? { ...shape, author } : shape
    })
    store.apply("remote", { ...plan.batch, ...(upsert ? { upsert } : {}) })
    if (plan.batch.remove !== undefined && plan.batch.remove.length > 0) tools.send({ type: "selection.drop", ids: plan.batch.remove })
    // A label created, renamed, recoloured or deleted elsewhere: the labels panel and the shapes follow.
    if (change.kind === "label") {
      labelsFlow.send({ type: "label.remote", action: change.message.action, label: change.message.label })
      if (change.message.action === "updated") store.restyle(change.message.label.id, change.message.label.name, change.message.label.color)
    }
    if (plan.fetch) {
      runtime.runPromise(readCompact(labId)).then(
        (all) => {
          const upsert = shapesOfCompact(all)
          // A bulk delete too large to name its shapes: every saved shape the read does not hold went.
          const held = plan.prune ? new Set(upsert.map((shape) => shape.id)) : undefined
          const remove = held ? [...store.all()].filter((shape) => !isDraft(shape) && !held.has(shape.id)).map((shape) => shape.id) : []
          store.apply("remote", { upsert, remove })
          if (remove.length > 0) tools.send({ type: "selection.drop", ids: remove })
        },
        () => undefined
      )
    }
  })

  const draft = useMemo(
    (): CollabView["draft"] => ({
      update: (id, coords) => drafts.send({ type: "draft.update", id, coords }),
      relabel: (id, label) => drafts.send({ type: "draft.relabel", id, label }),
      remove: (id) => {
        drafts.send({ type: "draft.remove", id })
        tools.send({ type: "selection.drop", ids: [id] })
      }
    }),
    [drafts, tools]
  )
  return {
    viewers,
    unsaved: draftList.length,
    drafts: draftPhase,
    retryDrafts: () => drafts.send({ type: "drafts.retry" }),
    discardDrafts: () => drafts.send({ type: "drafts.clear" }),
    draft
  }
}
