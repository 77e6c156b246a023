// Shapes drawn while the server could not be reached, kept in IndexedDB (through idb) by slide until
// they are uploaded: they survive a reload and a closed tab. As UploadStore: one service, the browser's
// layer opens the database on first use; a memory layer for tests. Unlike UploadStore, a write that
// fails is an error here (a draft that was not kept must not be reported as kept).
import { Context, Data, Effect, Layer } from "effect"
import type { DBSchema, IDBPDatabase } from "idb"
import type { Label } from "../../contract/annotations.ts"
import type { ShapeKind } from "../../annotation/store/shape.ts"

export interface Draft {
  /** The client-chosen annotation id: the upload reuses it, so a retried upload creates nothing twice. */
  readonly id: string
  /** The slide. */
  readonly lab_id: string
  readonly kind: ShapeKind
  /** x,y pairs in image pixels. */
  readonly coords: ReadonlyArray<number>
  /** The label to tag it with; null: the slide had none, the upload creates the default one first. */
  readonly label: Pick<Label, "id" | "name" | "color"> | null
  readonly comment?: string
  readonly created_at: string
}

export class DraftStoreError extends Data.TaggedError("DraftStoreError")<{ readonly what: string; readonly cause: unknown }> {}

interface DraftsDb extends DBSchema {
  drafts: { key: string; value: Draft; indexes: { lab_id: string } }
}

const DB_NAME = "preparat-annotation-drafts"
const STORE = "drafts"

export interface DraftStoreApi {
  readonly list: (labId: string) => Effect.Effect<ReadonlyArray<Draft>, DraftStoreError>
  /** Adds or replaces drafts (an update, a relabel). */
  readonly put: (drafts: ReadonlyArray<Draft>) => Effect.Effect<void, DraftStoreError>
  readonly remove: (ids: ReadonlyArray<string>) => Effect.Effect<void, DraftStoreError>
  /** Every draft of the slide. */
  readonly clear: (labId: string) => Effect.Effect<void, DraftStoreError>
}

let opened: Promise<IDBPDatabase<DraftsDb>> | undefined
const database = () => {
  opened ??= import("idb").then(({ openDB }) =>
    openDB<DraftsDb>(DB_NAME, 1, {
      upgrade: (db) => db.createObjectStore(STORE, { keyPath: "id" }).createIndex("lab_id", "lab_id")
    })
  )
  return opened
}

export class DraftStore extends Context.Service<DraftStore, DraftStoreApi>()("preparat/DraftStore") {
  static readonly layer = Layer.sync(DraftStore, () => {
    const use = <A>(what: string, run: (db: IDBPDatabase<DraftsDb>) => Promise<A>) =>
      Effect.tryPromise({ try: () => database().then(run), catch: (cause) => new DraftStoreError({ what, cause }) }).pipe(
        Effect.withSpan(`DraftStore.${what}`)
      )
    return DraftStore.of({
      list: (labId) =>
        use("list", async (db) =>
          (await db.getAllFromIndex(STORE, "lab_id", labId)).sort((a, b) => a.created_at.localeCompare(b.created_at))
        ),
      put: (drafts) =>
        use("put", async (db) => {
          const tx = db.transaction(STORE, "readwrite")
          await Promise.all([...drafts.map((draft) => tx.store.put(draft)), tx.done])
        }),
      remove: (ids) =>
        use("remove", async (db) => {
          const tx = db.transaction(STORE, "readwrite")
          await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done])
        }),
      clear: (labId) =>
        use("clear", async (db) => {
          const tx = db.transaction(STORE, "readwrite")
          const keys = await tx.store.index("lab_id").getAllKeys(labId)
          await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done])
        })
    })
  })

  /** For tests: an in-memory store, optionally holding drafts already. */
  static readonly memory = (initial: ReadonlyArray<Draft> = []) =>
    Layer.sync(DraftStore, () => {
      const drafts = new Map(initial.map((draft) => [draft.id, draft]))
      return DraftStore.of({
        list: (labId) => Effect.sync(() => [...drafts.values()].filter((draft) => draft.lab_id === labId)),
        put: (list) =>
          Effect.sync(() => {
            for (const draft of list) drafts.set(draft.id, draft)
          }),
        remove: (ids) =>
          Effect.sync(() => {
            for (const id of ids) drafts.delete(id)
          }),
        clear: (labId) =>
          Effect.sync(() => {
            for (const [id, draft] of drafts) if (draft.lab_id === labId) drafts.delete(id)
          })
      })
    })
}
