// Name search from memory. Asking the database to find "contains this text" among 100,000 names
// cost 0.3 to 0.9 ms in its trigram index alone (FTS5, pg_trgm: they intersect the lists of every
// trigram, however common); here each owner's labs are held in an OwnerIndex that starts from the
// rarest trigram, or reads names in order for a common word (server/search/).
//
// The database stays the truth. Every change to a lab's indexed columns raises its owner's version
// and logs the lab (migration 0008, by trigger, in the change's own transaction). Each search first
// reads, in one statement, the asker's memberships and the current versions of the owners it will
// look into (searchScope); an index behind its owner's version reads the logged labs again before
// it answers. So a search sees every change committed before it began, whichever process or server
// made it: there is no window in which a new or renamed lab is missing from results.
//
// Indexes are loaded on first search of an owner and kept, the least recently searched dropped
// first, within SEARCH_INDEX_LABS labs per process (measured: about 210 bytes a lab, so the default
// two million take about 0.4 GB). An owner with more labs than that, or SEARCH_INDEX_LABS=0, is
// searched in the database (server/db/lab-search.ts), as is everything when this answers undefined.
import { Context, Effect, Layer, Schedule } from "effect"
import type { Lab, Ordering, Role } from "../../src/contract/labs.ts"
import type { UserSummary } from "../../src/contract/users.ts"
import type { ResolvedLab } from "../db/lab-access.ts"
import { changesSince, hitRows, labsNow, ownerLabs, pruneChanges, type SearchScope, scopeWithHitRows, searchScope } from "../db/lab-change-log.ts"
import type { ListedRow } from "../db/lab-listing.ts"
import { type LabView, toLab } from "../db/lab-wire.ts"
import type { Paging } from "../domain/paging.ts"
import { toUserSummary } from "../domain/profile.ts"
import { accessFromChain, type ChainLink, roleOf } from "../domain/standing.ts"
import { type HitPage, type Scope, searchNames } from "../search/name-search.ts"
import { OwnerIndex } from "../search/owner-index.ts"
import { AppConfig } from "./AppConfig.ts"
import { Database, sql } from "./Database.ts"
import type { LabPage } from "./LabListings.ts"

/** Changes an index applies one by one; further behind, it reads the owner's labs whole again. */
const MAX_CATCH_UP = 5000

/** Users whose last search scope a process remembers (the least recent forgotten first). */
const REMEMBERED_SCOPES = 10_000

/** A page of found labs, read off the indexes: ids in order, each with the asker's view of it. */
interface Found {
  readonly ids: ReadonlyArray<string>
  readonly views: ReadonlyArray<LabView>
  readonly count: number
  readonly atLeast: boolean
}

/** How often each process forgets old changes (server/db/lab-change-log.ts's CHANGES_KEPT). */
const PRUNE_EVERY_MS = 10 * 60 * 1000

/** Labs above `entry` (itself first), up to the root, as far as the index knows them. */
const chainOf = (index: OwnerIndex, entry: number): number[] => {
  const chain = [entry]
  for (let parent = index.parents[entry]; parent !== null && parent !== undefined; ) {
    const above = index.entryOf(parent)
    if (above === undefined || chain.length > 512) break
    chain.push(above)
    parent = index.parents[above]
  }
  return chain
}

export class LabNameIndex extends Context.Service<
  LabNameIndex,
  {
    /**
     * One page of the labs the user can see (their own and the inside of what is shared with them)
     * whose name contains `search`; undefined when the database must answer instead.
     */
    readonly searchAll: (userId: string, search: string, ordering: Ordering, paging: Paging) => Effect.Effect<LabPage<Lab> | undefined>
    /** The same inside one folder the asker may see (already checked), at any depth. */
    readonly searchWithin: (
      userId: string | undefined,
      folder: ResolvedLab,
      search: string,
      ordering: Ordering,
      paging: Paging
    ) => Effect.Effect<LabPage<Lab> | undefined>
  }
>()("preparat/LabNameIndex") {
  static readonly layer = Layer.effect(
    LabNameIndex,
    Effect.gen(function* () {
      const { db, engine } = yield* Database
      const budget = (yield* AppConfig).searchIndexLabs
      // Least recently searched first (a Map keeps insertion order; a search moves its owners last).
      const indexes = new Map<string, OwnerIndex>()
      // Owners found too big for the budget, at the version they were counted.
      const tooBig = new Map<string, number>()
      // One load or catch-up per owner at a time; concurrent searches wait for it.
      const running = new Map<string, Promise<OwnerIndex | undefined>>()

      /** Marks the index as the most recently searched. */
      const touch = (index: OwnerIndex) => {
        indexes.delete(index.ownerId)
        indexes.set(index.ownerId, index)
        return index
      }

      /** Holds a loaded or caught-up index, dropping the least recently searched while over budget. */
      const keep = (index: OwnerIndex) => {
        touch(index)
        let held = 0
        for (const other of indexes.values()) held += other.size
        for (const [ownerId, other] of indexes) {
          if (held <= budget) break
          if (other === index) continue
          indexes.delete(ownerId)
          held -= other.size
        }
        return index
      }

      const load = async (ownerId: string): Promise<OwnerIndex | undefined> => {
        const { version, labs } = await ownerLabs(db, ownerId, budget)
        if (labs.length > budget) {
          indexes.delete(ownerId)
          tooBig.set(ownerId, version)
          return undefined
        }
        tooBig.delete(ownerId)
        return keep(new OwnerIndex(ownerId, version, labs))
      }

      /** Applies the owner's logged changes since the index's version, or loads it again. */
      const catchUp = async (index: OwnerIndex): Promise<OwnerIndex | undefined> => {
        const changes = await changesSince(db, index.ownerId, index.version, MAX_CATCH_UP + 1)
        // Too many, or some already forgotten (a gap after the index's version): read it whole.
        const contiguous = changes.length > 0 && changes.every((change, k) => change.version === index.version + 1 + k)
        if (!contiguous || changes.length > MAX_CATCH_UP) return load(index.ownerId)
        const ids = [...new Set(changes.map((change) => change.labId))]
        const now = new Map((await labsNow(db, ids)).map((lab) => [lab.id, lab]))
        for (const id of ids) {
          const lab = now.get(id)
          if (lab !== undefined && lab.owner_id === index.ownerId && lab.deleted_at === null) index.upsert(lab)
          else index.remove(id)
        }
        index.version = changes[changes.length - 1]!.version
        index.tidy()
        return keep(index)
      }

      /** The owner's index at `version` or later; undefined when the owner is too big to hold. */
      const current = (ownerId: string, version: number): Promise<OwnerIndex | undefined> => {
        const pending = running.get(ownerId)
        if (pending !== undefined) return pending.then(() => current(ownerId, version))
        const index = indexes.get(ownerId)
        if (index !== undefined && index.version >= version) return Promise.resolve(touch(index))
        if (index === undefined && (tooBig.get(ownerId) ?? -1) >= version) return Promise.resolve(undefined)
        const work = (index === undefined ? load(ownerId) : catchUp(index)).finally(() => running.delete(ownerId))
        running.set(ownerId, work)
        return work
      }

      /**
       * A page of hits read off the indexes at once: the ids, and each lab's access from its chain
       * in the index (the same rule as everywhere, standing.ts). Entry numbers do not outlive the
       * next build, so nothing of the index is read after an await.
       */
      const resolve = (page: HitPage, userId: string | undefined, roles: ReadonlyMap<string, Role>): Found => ({
        ids: page.hits.map(({ index, entry }) => index.ids[entry]!),
        views: page.hits.map(({ index, entry }) => {
          const links: ChainLink[] = chainOf(index, entry).map((e) => ({
            id: index.ids[e]!,
            name: index.names[e]!,
            owner_id: index.ownerId,
            is_public: index.isPublic(e) ? 1 : 0,
            role: roles.get(index.ids[e]!) ?? null
          }))
          const access = accessFromChain(links, userId)
          return { role: roleOf(access.standing), isPublic: access.isPublic }
        }),
        count: page.count,
        atLeast: page.atLeast
      })

      /** The found labs with their shown rows, owners and favorites; one gone meanwhile is left out. */
      const answer = (found: Found, rows: ReadonlyMap<string, ListedRow>): LabPage<Lab> => {
        const owners = new Map<string, UserSummary>()
        const ownerOf = (row: ListedRow): UserSummary | undefined => {
          if (row.owner_email === null) return undefined
          const known = owners.get(row.owner_id)
          if (known !== undefined) return known
          const owner = toUserSummary({ id: row.owner_id, email: row.owner_email, name: row.owner_name ?? "", username: row.owner_username, avatar: row.owner_avatar })
          owners.set(row.owner_id, owner)
          return owner
        }
        const results = found.ids.flatMap((id, k) => {
          const row = rows.get(id)
          return row === undefined ? [] : [toLab(row, found.views[k]!, ownerOf(row), row.favorite_of !== null)]
        })
        return { results, count: found.count, ...(found.atLeast ? { atLeast: true } : {}) }
      }

      /** Whether the entry, or a folder above it, is one of `roles`' labs (a membership). */
      const underMembership = (index: OwnerIndex, entry: number, roles: ReadonlyMap<string, Role>): boolean => {
        for (const e of chainOf(index, entry)) if (roles.has(index.ids[e]!)) return true
        return false
      }

      /** Where a search of the user's looks: their own index whole, and inside their memberships in their lenders'. */
      const scopesOf = (own: OwnerIndex, lenders: ReadonlyArray<OwnerIndex>, roles: ReadonlyMap<string, Role>): Scope[] => [
        { index: own, admits: () => true },
        ...lenders.map((index) => ({ index, admits: (entry: number) => underMembership(index, entry, roles) }))
      ]

      const lendersOf = (scope: SearchScope) => [...new Set(scope.memberships.map((m) => m.ownerId))]

      /** The indexes a scope looks into, if all are held at its versions or later: no await needed. */
      const heldFor = (userId: string, scope: SearchScope): ReadonlyArray<OwnerIndex> | undefined => {
        const held: OwnerIndex[] = []
        for (const ownerId of [userId, ...lendersOf(scope)]) {
          const index = indexes.get(ownerId)
          if (index === undefined || running.has(ownerId) || index.version < (scope.versions.get(ownerId) ?? 0)) return undefined
          held.push(index)
        }
        for (const index of held) touch(index)
        return held
      }

      /**
       * Whether the database's scope is the one searched with: the same memberships, and no owner's
       * version past the one its index had when searched (`searchedAt`: indexes are caught up in
       * place, so their versions are read before the await).
       */
      const stillHolds = (now: SearchScope, searched: SearchScope, searchedAt: ReadonlyMap<string, number>): boolean => {
        const key = (scope: SearchScope) => scope.memberships.map((m) => `${m.labId} ${m.role} ${m.ownerId}`).sort().join("\n")
        if (key(now) !== key(searched)) return false
        for (const [ownerId, version] of now.versions) if ((searchedAt.get(ownerId) ?? -1) < version) return false
        return true
      }

      /** Each user's scope at their last search, so the next can start from memory (bounded). */
      const lastScopes = new Map<string, SearchScope>()
      const remember = (userId: string, scope: SearchScope) => {
        lastScopes.delete(userId)
        lastScopes.set(userId, scope)
        if (lastScopes.size > REMEMBERED_SCOPES) lastScopes.delete(lastScopes.keys().next().value!)
      }

      /** A search with the scope the database gave: indexes loaded or caught up first. */
      const searchWith = async (userId: string, scope: SearchScope, term: string, ordering: Ordering, paging: Paging) => {
        remember(userId, scope)
        const held: OwnerIndex[] = []
        for (const ownerId of [userId, ...lendersOf(scope)]) {
          const index = await current(ownerId, scope.versions.get(ownerId) ?? 0)
          if (index === undefined) return undefined
          held.push(index)
        }
        const roles = new Map(scope.memberships.map((m) => [m.labId, m.role]))
        const found = resolve(searchNames(scopesOf(held[0]!, held.slice(1), roles), term, ordering, paging), userId, roles)
        return answer(found, await hitRows(db, engine, found.ids, userId))
      }

      /**
       * Search across everything the user can see. When the indexes of the user's last scope are
       * held, the search runs from memory first and one statement brings both the scope as the
       * database has it now and the found rows; if the scope moved meanwhile (a membership, a
       * change to an owner's labs), the search runs again on the new one. Either way the answer
       * reflects every change committed before the statement, in one round trip when nothing moved.
       */
      const searchAll = (userId: string, search: string, ordering: Ordering, paging: Paging) =>
        sql(async (): Promise<LabPage<Lab> | undefined> => {
          if (budget === 0) return undefined
          const term = search.toLowerCase()
          const known = lastScopes.get(userId)
          const held = known === undefined ? undefined : heldFor(userId, known)
          if (known === undefined || held === undefined) return searchWith(userId, await searchScope(db, userId, [userId]), term, ordering, paging)
          const roles = new Map(known.memberships.map((m) => [m.labId, m.role]))
          const found = resolve(searchNames(scopesOf(held[0]!, held.slice(1), roles), term, ordering, paging), userId, roles)
          const searchedAt = new Map(held.map((index) => [index.ownerId, index.version]))
          const now = await scopeWithHitRows(db, engine, userId, [userId], found.ids, userId)
          if (stillHolds(now.scope, known, searchedAt)) {
            remember(userId, now.scope)
            return answer(found, now.rows)
          }
          return searchWith(userId, now.scope, term, ordering, paging)
        })

      const searchWithin = (userId: string | undefined, folder: ResolvedLab, search: string, ordering: Ordering, paging: Paging) =>
        sql(async (): Promise<LabPage<Lab> | undefined> => {
          if (budget === 0) return undefined
          const ownerId = folder.row.owner_id
          const scope = await searchScope(db, userId, [ownerId])
          const roles = new Map(scope.memberships.map((m) => [m.labId, m.role]))
          const index = await current(ownerId, scope.versions.get(ownerId) ?? 0)
          if (index === undefined) return undefined
          const inside = (entry: number) => {
            const chain = chainOf(index, entry)
            for (let k = 1; k < chain.length; k++) if (index.ids[chain[k]!] === folder.row.id) return true
            return false
          }
          const found = resolve(searchNames([{ index, admits: inside }], search.toLowerCase(), ordering, paging), userId, roles)
          return answer(found, await hitRows(db, engine, found.ids, userId))
        })

      if (budget > 0) {
        const prune = sql(() => pruneChanges(db)).pipe(Effect.catchCause((cause) => Effect.logWarning("old lab changes could not be pruned", cause)))
        yield* Effect.forkScoped(Effect.repeat(prune, Schedule.spaced(PRUNE_EVERY_MS)))
      }

      return LabNameIndex.of({ searchAll, searchWithin })
    })
  )
}
