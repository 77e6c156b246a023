// After a reload (or a crash, or closing the tab), the signed-in user's unfinished uploads come back:
// each one the server still holds resumes from the server's offset; one it has forgotten (cleaned
// up after a day, or finished meanwhile) is dropped and named, so the user knows to upload it again.
import { Effect } from "effect"
import { Uploader } from "./Uploader.ts"
import { type PendingUpload, UploadStore } from "./UploadStore.ts"

export interface ResumableUpload {
  readonly pending: PendingUpload
  /** The bytes the server holds; null when it could not be asked (offline): asked again on start. */
  readonly offset: number | null
}

export interface RestoredUploads {
  readonly resumable: ReadonlyArray<ResumableUpload>
  /** File names of the uploads the server no longer holds. */
  readonly forgotten: ReadonlyArray<string>
}

export const restoreUploads = Effect.fn("Uploads.restore")(function* (userId: string) {
  const store = yield* UploadStore
  const uploader = yield* Uploader
  const pending = yield* store.list(userId)
  const checked = yield* Effect.forEach(
    pending,
    (upload) =>
      uploader.askProgress(upload.upload_id).pipe(
        Effect.map((progress) =>
          progress.total === upload.size ? { upload, offset: progress.offset } : { upload, offset: "gone" as const }
        ),
        Effect.catch((error) =>
          // Refused (404, or 403 once the folder is no longer theirs): gone. Anything else (no
          // answer, a server error): asked again when the upload starts.
          Effect.succeed({
            upload,
            offset: error._tag === "NotFound" || error._tag === "Forbidden" ? ("gone" as const) : null
          })
        )
      ),
    { concurrency: 4 }
  )
  const forgotten = checked.filter((entry) => entry.offset === "gone")
  yield* Effect.forEach(forgotten, (entry) => store.remove(entry.upload.upload_id))
  return {
    resumable: checked.flatMap((entry) => (entry.offset === "gone" ? [] : [{ pending: entry.upload, offset: entry.offset }])),
    forgotten: forgotten.map((entry) => entry.upload.filename)
  } satisfies RestoredUploads
})
