// What the progress panel shows of each upload and of all of them together, read from the upload
// actors' snapshots (and, while the bytes go, from their transfer child's). Pure, so the panel's
// words and numbers are tested without rendering.
import type { SnapshotFrom } from "xstate"
import type { Notice } from "../../effects/Notice.ts"
import type { uploadMachine } from "../../machines/uploads/upload.machine.ts"
import { bytesDone, type transferMachine } from "../../machines/uploads/transfer.machine.ts"

export type RowState = "queued" | "sending" | "waiting" | "resyncing" | "processing" | "ready" | "failed" | "cancelled"

export interface RowView {
  readonly state: RowState
  readonly filename: string
  readonly folderName: string
  readonly done: number
  readonly total: number
  /** 0 to 100, whole numbers; 100 once every byte is on the server. */
  readonly percent: number
  readonly failure: Notice | null
  readonly canCancel: boolean
  readonly canRetry: boolean
  /** The file lab once known: a ready one opens in the viewer. */
  readonly labId: string | null
  /** 77x77 thumbnail of a ready slide. */
  readonly thumbnail: string | null
}

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>
type TransferSnapshot = SnapshotFrom<typeof transferMachine>

/** Where the bytes are, while the transfer child runs: waiting out a failure, asking the server, or sending. */
export const transferStateOf = (transfer: TransferSnapshot): "sending" | "waiting" | "resyncing" => {
  if (transfer.matches("waiting")) return "waiting"
  if (transfer.matches("resyncing")) return "resyncing"
  return "sending"
}

const stateOf = (snapshot: UploadSnapshot, transfer: TransferSnapshot | undefined): RowState => {
  if (snapshot.matches("transferring")) return transfer === undefined ? "sending" : transferStateOf(transfer)
  if (snapshot.matches("processing")) return "processing"
  if (snapshot.matches("ready")) return "ready"
  if (snapshot.matches("failed")) return "failed"
  if (snapshot.matches("cancelled")) return "cancelled"
  return "queued"
}

export const percentOf = (done: number, total: number): number => (total <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / total)))

/** The upload's transfer child, while it runs. */
export const transferOf = (snapshot: UploadSnapshot): TransferSnapshot | undefined => snapshot.children.transfer?.getSnapshot()

/** The row of an upload, given its transfer child's snapshot while it runs. */
export const rowViewWith = (snapshot: UploadSnapshot, transfer: TransferSnapshot | undefined): RowView => {
  const { context } = snapshot
  const state = stateOf(snapshot, transfer)
  const done =
    state === "processing" || state === "ready"
      ? context.size
      : transfer !== undefined
        ? bytesDone(transfer.context)
        : Math.min(context.size, context.offset)
  return {
    state,
    filename: context.filename,
    folderName: context.folder.name,
    done,
    total: context.size,
    percent: percentOf(done, context.size),
    failure: state === "failed" ? context.failure : null,
    canCancel: state === "queued" || state === "sending" || state === "waiting" || state === "resyncing",
    canRetry: state === "failed" && context.retryable,
    labId: context.labId,
    thumbnail: state === "ready" ? context.thumbnail : null
  }
}

export const rowViewOf = (snapshot: UploadSnapshot): RowView => rowViewWith(snapshot, transferOf(snapshot))

export type PanelSummary =
  | { readonly kind: "uploading"; readonly count: number; readonly percent: number }
  /** Every file on its way is waiting out a lost connection. */
  | { readonly kind: "waiting"; readonly count: number; readonly percent: number }
  | { readonly kind: "processing"; readonly count: number }
  | { readonly kind: "complete"; readonly count: number; readonly done: number }

const moving: ReadonlySet<RowState> = new Set(["queued", "sending", "waiting", "resyncing"])

/**
 * The panel's heading: while files are on their way, how many and how far all of them together
 * (cancelled and failed ones left out of the bytes), or that they wait for the connection; then
 * the slides being built; then the tally.
 */
export const summaryOf = (rows: ReadonlyArray<RowView>): PanelSummary => {
  const active = rows.filter((row) => moving.has(row.state))
  if (active.length > 0) {
    const counted = rows.filter((row) => row.state !== "cancelled" && row.state !== "failed")
    const total = counted.reduce((sum, row) => sum + row.total, 0)
    const done = counted.reduce((sum, row) => sum + row.done, 0)
    const stalled = active.every((row) => row.state === "waiting" || row.state === "resyncing")
    return { kind: stalled ? "waiting" : "uploading", count: active.length, percent: percentOf(done, total) }
  }
  const processing = rows.filter((row) => row.state === "processing").length
  if (processing > 0) return { kind: "processing", count: processing }
  const finished = rows.filter((row) => row.state !== "cancelled")
  return { kind: "complete", count: finished.length, done: finished.filter((row) => row.state === "ready").length }
}
