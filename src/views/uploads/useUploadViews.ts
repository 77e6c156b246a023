// Every upload's row as the panel shows it, kept current: each upload actor's changes (a phase) and
// its transfer child's (a chunk's progress, a pause) re-render the panel that lists it.
import { useEffect, useReducer } from "react"
import type { UploadEntry, UploadRef } from "../../machines/uploads/uploads.machine.ts"
import { type RowView, rowViewOf } from "./upload-view.ts"

export interface UploadRowItem {
  readonly entry: UploadEntry
  readonly view: RowView
}

/** Calls `onChange` on every change of the upload and of the transfer child it runs at the time. */
const watchUpload = (ref: UploadRef, onChange: () => void): (() => void) => {
  let child: { readonly ref: unknown; readonly unsubscribe: () => void } | undefined
  const follow = () => {
    const transfer = ref.getSnapshot().children.transfer
    if (transfer === child?.ref) return
    child?.unsubscribe()
    child = transfer === undefined ? undefined : { ref: transfer, unsubscribe: transfer.subscribe(onChange).unsubscribe }
  }
  follow()
  const own = ref.subscribe(() => {
    follow()
    onChange()
  })
  return () => {
    own.unsubscribe()
    child?.unsubscribe()
  }
}

export const useUploadViews = (entries: ReadonlyArray<UploadEntry>): ReadonlyArray<UploadRowItem> => {
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    const subscriptions = entries.map((entry) => watchUpload(entry.ref, rerender))
    return () => {
      for (const unsubscribe of subscriptions) unsubscribe()
    }
  }, [entries])
  return entries.map((entry) => ({ entry, view: rowViewOf(entry.ref.getSnapshot()) }))
}
