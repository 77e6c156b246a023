// The lists of labs: a folder's page, the owner's root, search, the folder tree, Shared with me
// and Recently accessed. Every list shows only what the asker may see.
import { Context, Effect, Layer } from "effect"
import { sql as rawSql } from "kysely"
import { type BadRequest, badRequest, type NotFound, Unauthorized } from "../../../src/contract/errors.ts"
import type { FolderNode, Lab, Ordering, RecentLab, Role } from "../../../src/contract/labs.ts"
import type { UserSummary } from "../../../src/contract/users.ts"
import { type LabRow, MAX_DEPTH } from "../../db/lab-access.ts"
import { childrenPageWithAccess, type ListedRow, type RowPage, rootPage, sharedPage, sharedTopIds } from "../../db/lab-listing.ts"
import { type FoundPage, searchPage, searchWithinPage } from "../../db/lab-search.ts"
import { taggedSearchPage, taggedSearchWithinPage } from "../../db/lab-tag-search.ts"
import { autoTagNamed } from "../../domain/auto-tags.ts"
import { ownerOfRow, presentFound, presentListed, toLab, viewsOf } from "../../db/lab-wire.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import type { Paging } from "../../domain/paging.ts"
import { roleOf } from "../../domain/standing.ts"
import { AccessRecorder, RECENTS_KEPT } from "./AccessRecorder.ts"
import { Database, sql } from "../platform/Database.ts"
import { LabAccess } from "./LabAccess.ts"

export interface LabPage<A> {
  readonly results: ReadonlyArray<A>
  readonly count: number
  /** The count is a lower bound (a broad search's). */
  readonly atLeast?: boolean
}

export interface ListQuery {
  readonly parent?: string | undefined
  readonly search?: string | undefined
  readonly ordering?: Ordering | undefined
}

const signInRequired = () => new Unauthorized({ message: labMessages.signInRequired })
const notAFolder = () => Effect.fail(badRequest({ parent: [labMessages.parentNotFolder] }))

const listedLab = (row: ListedRow, role: Role | null, isPublic: boolean, owner: UserSummary | undefined): Lab =>
  toLab(row, { role, isPublic }, owner, row.favorite_of !== null)

/** The owner's summary a page carries on its rows (one tree, one owner: read from the first row). */
const ownerOfPage = (rows: ReadonlyArray<ListedRow>): UserSummary | undefined => (rows[0] === undefined ? undefined : ownerOfRow(rows[0]))

export class LabListings extends Context.Service<
  LabListings,
  {
    /** `userId` undefined: a guest, who may list the inside of public folders only. */
    readonly list: (
      userId: string | undefined,
      query: ListQuery,
      paging: Paging
    ) => Effect.Effect<LabPage<Lab>, BadRequest | NotFound | Unauthorized>
    readonly dirs: (userId: string) => Effect.Effect<ReadonlyArray<FolderNode>>
    readonly shared: (userId: string, paging: Paging) => Effect.Effect<LabPage<Lab>>
    readonly recents: (userId: string, paging: Paging) => Effect.Effect<LabPage<RecentLab>>
  }
>()("preparat/LabListings") {
  static readonly layer = Layer.effect(
    LabListings,
    Effect.gen(function* () {
      const { db, engine } = yield* Database
      const access = yield* LabAccess
      const recorder = yield* AccessRecorder

      const found = (page: RowPage, userId: string | undefined) =>
        Effect.map(
          sql(() => presentFound(db, page.rows, userId)),
          (results) => ({ results, count: page.count, ...(page.atLeast ? { atLeast: true } : {}) })
        )

      /** A search's page: its rows carry their owners, favorites and chains, so nothing more is read. */
      const foundListed = (page: FoundPage, userId: string | undefined): LabPage<Lab> => ({
        results: presentListed(page.rows, userId),
        count: page.count,
        ...(page.atLeast ? { atLeast: true } : {})
      })

      const list = Effect.fn("LabListings.list")(function* (userId: string | undefined, query: ListQuery, paging: Paging) {
        const ordering = query.ordering ?? "name"
        const search = query.search?.trim() || undefined
        // Words that name an auto tag ("H&E", "20x") also find the slides tagged so.
        const tag = search === undefined ? undefined : autoTagNamed(search)
        if (query.parent === undefined) {
          if (userId === undefined) return yield* signInRequired()
          if (search !== undefined)
            return foundListed(
              yield* sql(() =>
                tag === undefined
                  ? searchPage(db, engine, userId, search, ordering, paging)
                  : taggedSearchPage(db, engine, userId, search, tag, ordering, paging)
              ),
              userId
            )
          const page = yield* sql(() => rootPage(db, engine, userId, ordering, paging))
          const owner = ownerOfPage(page.rows)
          return { results: page.rows.map((row) => listedLab(row, "owner", row.is_public === 1, owner)), count: page.count }
        }
        const parentId = query.parent
        if (search !== undefined) {
          const parent = yield* access.requireView(db, userId, parentId)
          if (parent.row.is_dir !== 1) return yield* notAFolder()
          return foundListed(
            yield* sql(() =>
              tag === undefined
                ? searchWithinPage(db, engine, parentId, search, ordering, paging, userId)
                : taggedSearchWithinPage(db, engine, parentId, search, tag, ordering, paging, userId)
            ),
            userId
          )
        }
        // The folder's access and its page come in one statement; the page is used only once the
        // access is decided, exactly as requireView decides it.
        const { folder, page } = yield* sql(() => childrenPageWithAccess(db, engine, parentId, userId, ordering, paging))
        const seen = yield* access.viewAccess(folder, userId)
        if (!folder?.isDir) return yield* notAFolder()
        // A tree has one owner: the folder's is every child's.
        const owner = ownerOfPage(page.rows)
        // A child's role is the folder's, unless the asker holds a membership on the child itself.
        const inherited = seen.standing === "owner" ? "owner" : roleOf(seen.standing)
        const results = page.rows.map((row) =>
          listedLab(row, inherited === "owner" ? "owner" : (row.member_role ?? inherited), seen.isPublic || row.is_public === 1, owner)
        )
        return { results, count: page.count }
      })

      const dirs = Effect.fn("LabListings.dirs")(function* (userId: string) {
        const folders = yield* sql(async () => {
          const tops = await sharedTopIds(db, userId)
          const own = await db
            .selectFrom("labs")
            .select(["id", "name", "parent_id"])
            .where("owner_id", "=", userId)
            .where("is_dir", "=", 1)
            .where("deleted_at", "is", null)
            .execute()
          if (tops.length === 0) return { own, shared: [], tops }
          const { rows: shared } = await rawSql<{ id: string; name: string; parent_id: string | null }>`
            WITH RECURSIVE down(id, depth) AS (
              SELECT id, 0 FROM labs WHERE id IN (${rawSql.join(tops)}) AND is_dir = 1
              UNION ALL
              SELECT c.id, down.depth + 1 FROM labs c JOIN down ON c.parent_id = down.id
              WHERE c.is_dir = 1 AND c.deleted_at IS NULL AND down.depth < ${MAX_DEPTH}
            )
            SELECT l.id, l.name, l.parent_id FROM labs l WHERE l.id IN (SELECT id FROM down)`.execute(db)
          return { own, shared, tops }
        })
        const topSet = new Set(folders.tops)
        const nodes = new Map<string, { id: string; name: string; parent: string | null; sub_dirs: Array<FolderNode> }>()
        const all = [...folders.own, ...folders.shared]
        for (const f of all) nodes.set(f.id, { id: f.id, name: f.name, parent: topSet.has(f.id) ? null : f.parent_id, sub_dirs: [] })
        const roots: Array<FolderNode> = []
        for (const node of nodes.values()) {
          const parent = node.parent === null ? undefined : nodes.get(node.parent)
          if (parent) parent.sub_dirs.push(node)
          else roots.push({ ...node, parent: null })
        }
        const byName = (a: FolderNode, b: FolderNode) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" })
        const sortDeep = (list: Array<FolderNode>): Array<FolderNode> =>
          list.sort(byName).map((n) => ({ ...n, sub_dirs: sortDeep([...n.sub_dirs]) }))
        return [{ id: null, name: "Root", parent: null, sub_dirs: [] }, ...sortDeep(roots)]
      })

      const shared = Effect.fn("LabListings.shared")(function* (userId: string, paging: Paging) {
        return yield* found(yield* sql(() => sharedPage(db, userId, paging)), userId)
      })

      /** The user's own rows of a per-user list, newest first, kept to those they may still see. */
      const visible = (userId: string, rows: ReadonlyArray<LabRow>) =>
        Effect.map(
          sql(() => viewsOf(db, rows, userId)),
          (views) => rows.filter((row) => views.get(row.id)?.role != null || views.get(row.id)?.isPublic === true)
        )

      const recents = Effect.fn("LabListings.recents")(function* (userId: string, paging: Paging) {
        // The user's own opens may still wait in memory: written first, so they show at once.
        yield* recorder.flush
        const rows = yield* sql(() =>
          db
            .selectFrom("lab_recents as r")
            .innerJoin("labs", "labs.id", "r.lab_id")
            .selectAll("labs")
            .select("r.accessed_at")
            .where("r.user_id", "=", userId)
            .where("labs.deleted_at", "is", null)
            .orderBy("r.accessed_at", "desc")
            .limit(RECENTS_KEPT)
            .execute()
        )
        const kept = yield* visible(userId, rows)
        const pageRows = kept.slice(paging.offset, paging.offset + paging.limit)
        const labs = yield* sql(() => presentFound(db, pageRows, userId))
        const results = labs.map((lab, i) => ({ ...lab, accessed_at: (pageRows[i] as (typeof rows)[number]).accessed_at }))
        return { results, count: kept.length }
      })

      return LabListings.of({ list, dirs, shared, recents })
    })
  )
}
