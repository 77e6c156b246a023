// What the session's uploads tell a file list: an upload began or finished in a folder (the list
// asks again), and a slide's status changed (the list shows it at once, even without realtime,
// since an upload also asks the server while processing).
import type { StatusUpload } from "../../contract/realtime.ts"
import { useEffect, useRef } from "react"
import type { UploadsEmitted } from "../../machines/uploads/uploads.machine.ts"
import { useUploadsActor } from "./UploadsProvider.tsx"

export interface UploadNewsHandlers {
  readonly listChanged: (folderId: string | null) => void
  readonly labStatus: (change: StatusUpload) => void
}

export const useUploadNews = (handlers: UploadNewsHandlers): void => {
  const actor = useUploadsActor()
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    if (actor === null) return
    const subscription = actor.on("*", (event: UploadsEmitted) => {
      if (event.type === "uploads.listChanged") latest.current.listChanged(event.folderId)
      else if (event.type === "uploads.labStatus") latest.current.labStatus(event.change)
    })
    return () => subscription.unsubscribe()
  }, [actor])
}
