// Unfinished uploads kept across page loads (IndexedDB through idb): each with the File itself, which
// Chromium stores as a Blob, so a reload or a crash resumes from the server's offset without asking
// the user to pick the file again. Remembering is best effort: without IndexedDB (a private window,
// a full disk) uploads still run, they only cannot outlive the page, so failures are logged, not raised.
import { Context, Effect, Layer } from "effect"
import type { DBSchema, IDBPDatabase } from "idb"

export interface PendingUpload {
  /** The server's id of the upload (known after the first chunk). */
  readonly upload_id: string
  /** Whose upload it is: another account signing in on this browser does not resume it. */
  readonly user_id: string
  /** The target folder, null for the root, and its name for the progress panel. */
  readonly lab_id: string | null
  readonly folder_name: string
  readonly filename: string
  readonly size: number
  readonly last_modified: number
  readonly file: Blob
}

interface UploadsDb extends DBSchema {
  uploads: { key: string; value: PendingUpload }
}

const DB_NAME = "preparat-uploads"
const STORE = "uploads"

export class UploadStore extends Context.Service<
  UploadStore,
  {
    readonly list: (userId: string) => Effect.Effect<ReadonlyArray<PendingUpload>>
    readonly put: (upload: PendingUpload) => Effect.Effect<void>
    readonly remove: (uploadId: string) => Effect.Effect<void>
  }
>()("preparat/UploadStore") {
  /** The browser's store; the database is opened on first use, so pages without uploads never touch it. */
  static readonly layer = Layer.sync(UploadStore, () => {
    let opened: Promise<IDBPDatabase<UploadsDb>> | undefined
    const db = () => {
      opened ??= import("idb").then(({ openDB }) =>
        openDB<UploadsDb>(DB_NAME, 1, { upgrade: (database) => void database.createObjectStore(STORE, { keyPath: "upload_id" }) })
      )
      return opened
    }
    const use = <A>(what: string, fallback: A, run: (database: IDBPDatabase<UploadsDb>) => Promise<A>) =>
      Effect.tryPromise(() => db().then(run)).pipe(
        Effect.catch((error) => Effect.as(Effect.logWarning(`UploadStore.${what} failed`, error), fallback))
      )
    return UploadStore.of({
      list: (userId) => use("list", [], async (database) => (await database.getAll(STORE)).filter((upload) => upload.user_id === userId)),
      put: (upload) => use("put", undefined, async (database) => void (await database.put(STORE, upload))),
      remove: (uploadId) => use("remove", undefined, (database) => database.delete(STORE, uploadId))
    })
  })

  /** For tests: an in-memory store, optionally holding uploads already. */
  static readonly memory = (initial: ReadonlyArray<PendingUpload> = []) =>
    Layer.sync(UploadStore, () => {
      const uploads = new Map(initial.map((upload) => [upload.upload_id, upload]))
      return UploadStore.of({
        list: (userId) => Effect.sync(() => [...uploads.values()].filter((upload) => upload.user_id === userId)),
        put: (upload) => Effect.sync(() => void uploads.set(upload.upload_id, upload)),
        remove: (uploadId) => Effect.sync(() => void uploads.delete(uploadId))
      })
    })
}
