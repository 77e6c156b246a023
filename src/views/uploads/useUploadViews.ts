// Every upload's row as the panel shows it, kept current: each upload actor's changes (a chunk's
// progress, a phase) re-render the panel that lists it.
import { useEffect, useReducer } from "react"
import type { UploadEntry } from "../../machines/uploads/uploads.machine.ts"
import { type RowView, rowViewOf } from "./upload-view.ts"

export interface UploadRowItem {
  readonly entry: UploadEntry
  readonly view: RowView
}

export const useUploadViews = (entries: ReadonlyArray<UploadEntry>): ReadonlyArray<UploadRowItem> => {
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    const subscriptions = entries.map((entry) => entry.ref.subscribe(rerender))
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [entries])
  return entries.map((entry) => ({ entry, view: rowViewOf(entry.ref.getSnapshot()) }))
}
