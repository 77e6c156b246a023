// The in-memory name search against a plain filter-and-sort over the same labs: random trees of
// names, random changes (added, renamed, moved, trashed, restored, rebuilt or not), random searches
// in every order and page, through both the exact way and the name-ordered walk.
import { describe, expect, it } from "vitest"
import type { Ordering } from "../../src/contract/labs.ts"
import { type Hit, hitOrder, type Scope, searchNames, type Tuning } from "../../server/search/name-search.ts"
import { type IndexedLab, OwnerIndex, trigramsOf } from "../../server/search/owner-index.ts"

/** A small deterministic generator (mulberry32), so a failure replays. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const WORDS = ["kidney", "liver", "lung", "he", "ki67", "case", "slide", "000", "001", "a_b", "100%", "é", "ß"]
const ORDERINGS: Ordering[] = ["name", "-name", "updated_at", "-updated_at", "created_at", "-created_at", "size", "-size"]

interface Model {
  labs: Map<string, IndexedLab & { live: boolean }>
}

/** Names of a few common words and a number: many share trigrams, some are rare, some repeat. */
const nameOf = (rand: () => number): string => {
  const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => WORDS[Math.floor(rand() * WORDS.length)]!)
  return `${words.join(" ")} ${Math.floor(rand() * (rand() < 0.5 ? 20 : 5000))}`
}

const makeLab = (rand: () => number, id: string, parent: string | null, isDir: boolean): IndexedLab & { live: boolean } => {
  return {
    id,
    parent_id: parent,
    name_lower: nameOf(rand),
    is_dir: isDir ? 1 : 0,
    is_public: 0,
    size: Math.floor(rand() * 5) * 1000,
    created_at: `2026-01-0${1 + Math.floor(rand() * 9)}`,
    updated_at: `2026-02-0${1 + Math.floor(rand() * 9)}`,
    live: true
  }
}

/** The plain answer: every live admitted lab containing the term, sorted the same way. */
const reference = (index: OwnerIndex, model: Model, term: string, ordering: Ordering, admits: (id: string) => boolean): Hit[] => {
  const hits: Hit[] = []
  for (const lab of model.labs.values()) {
    if (!lab.live || !lab.name_lower.includes(term) || !admits(lab.id)) continue
    hits.push({ index, entry: index.entryOf(lab.id)! })
  }
  return hits.sort(hitOrder(ordering))
}

const ids = (hits: ReadonlyArray<Hit>) => hits.map((h) => h.index.ids[h.entry])

const check = (index: OwnerIndex, model: Model, rand: () => number, tuning: Tuning) => {
  const roll = rand()
  const word = WORDS[Math.floor(rand() * WORDS.length)]!
  // Short texts, words, and rare numbers (whose trigram lists are short lists, not bitsets).
  const term = roll < 0.2 ? word.slice(0, 2) : roll < 0.6 ? word : roll < 0.8 ? String(100 + Math.floor(rand() * 4900)) : `${word} ${Math.floor(rand() * 20)}`
  const ordering = ORDERINGS[Math.floor(rand() * ORDERINGS.length)]!
  const limit = 1 + Math.floor(rand() * 8)
  const page = 1 + Math.floor(rand() * 4)
  const paging = { page, limit, offset: (page - 1) * limit }
  // Half the searches see only what lies under one folder (as a share or a folder search does).
  const top = rand() < 0.5 ? undefined : [...model.labs.values()].find((l) => l.is_dir === 1 && l.live)?.id
  const under = (id: string): boolean => {
    for (let at: string | null = id; at !== null; at = model.labs.get(at)?.parent_id ?? null) if (at === top) return true
    return false
  }
  const admits = (id: string) => top === undefined || under(id)
  const scope: Scope = { index, admits: (entry) => admits(index.ids[entry]!) }
  const expected = reference(index, model, term, ordering, admits)
  const got = searchNames([scope], term, ordering, paging, tuning)
  const context = { term, ordering, paging, top }
  expect(ids(got.hits), JSON.stringify(context)).toEqual(ids(expected.slice(paging.offset, paging.offset + paging.limit)))
  if (got.atLeast) {
    expect(got.count).toBeGreaterThanOrEqual(paging.offset + paging.limit + 1)
    expect(got.count).toBeLessThanOrEqual(expected.length)
  } else expect(got.count, JSON.stringify(context)).toBe(expected.length)
  return got.atLeast
}

const run = (seed: number, tuning: Tuning) => {
  const rand = random(seed)
  const model: Model = { labs: new Map() }
  let next = 0
  const newId = () => `lab-${String(next++).padStart(5, "0")}`
  const folders: string[] = []
  const named: string[] = []
  for (let i = 0; i < 1500; i++) {
    const isDir = i < 30 || rand() < 0.1
    const parent = folders.length === 0 || rand() < 0.2 ? null : folders[Math.floor(rand() * folders.length)]!
    const made = makeLab(rand, newId(), parent, isDir)
    // A third of the names repeat one already used (in other folders): runs of one name, by id.
    const lab = named.length > 0 && rand() < 0.33 ? { ...made, name_lower: named[Math.floor(rand() * named.length)]! } : made
    named.push(lab.name_lower)
    model.labs.set(lab.id, lab)
    if (isDir) folders.push(lab.id)
  }
  const index = new OwnerIndex("owner", 0, [...model.labs.values()])
  let walks = 0
  for (let step = 0; step < 400; step++) {
    const roll = rand()
    const all = [...model.labs.values()]
    const some = all[Math.floor(rand() * all.length)]!
    if (roll < 0.15) {
      const lab = makeLab(rand, newId(), folders[Math.floor(rand() * folders.length)] ?? null, rand() < 0.2)
      model.labs.set(lab.id, lab)
      index.upsert(lab)
    } else if (roll < 0.25) {
      const renamed = { ...some, name_lower: makeLab(rand, some.id, null, false).name_lower, updated_at: "2026-03-01" }
      model.labs.set(some.id, renamed)
      if (renamed.live) index.upsert(renamed)
    } else if (roll < 0.32) {
      model.labs.set(some.id, { ...some, live: false })
      index.remove(some.id)
    } else if (roll < 0.36 && !some.live) {
      model.labs.set(some.id, { ...some, live: true })
      index.upsert(some)
    } else if (roll < 0.38) {
      index.build()
    } else if (check(index, model, rand, tuning)) walks++
    index.tidy()
  }
  return walks
}

describe("in-memory name search", () => {
  it("answers as a plain filter and sort would, the exact way", () => {
    for (let seed = 1; seed <= 8; seed++) run(seed, { broad: Number.POSITIVE_INFINITY, walkBudget: 0 })
  })

  it("answers the same through name-ordered walks, counting only as far as the next page", () => {
    let walks = 0
    for (let seed = 11; seed <= 18; seed++) walks += run(seed, { broad: 0, walkBudget: 1_000_000 })
    // The walks did stop early: some counts were lower bounds.
    expect(walks).toBeGreaterThan(0)
  })

  it("falls back to the exact way when a walk runs out of budget", () => {
    for (let seed = 21; seed <= 24; seed++) run(seed, { broad: 0, walkBudget: 7 })
  })

  it("finds nothing, at once, for a text with a trigram no name has", () => {
    const index = new OwnerIndex("o", 0, [{ id: "a", parent_id: null, name_lower: "kidney he", is_dir: 0, is_public: 0, size: 1, created_at: "x", updated_at: "x" }])
    expect(index.candidates(trigramsOf("zzz"))).toEqual(new Int32Array(0))
    expect(searchNames([{ index, admits: () => true }], "zzz", "name", { page: 1, limit: 20, offset: 0 })).toEqual({ hits: [], count: 0, atLeast: false })
  })
})
