// One owner's labs in memory, for name search: each lab's name, place in the tree, kind, flags and
// sort keys, a trigram index over the names, and the names in order. Pure: server/search/store.ts
// loads it from the database and keeps it current from the change log.
//
// Entries are numbered as they arrive and never renumbered until the next build. The trigram
// lists and the name order are built in one pass (build); a lab added or renamed afterwards is
// "fresh": searches check fresh labs one by one until the next build folds them in. A lab that
// left (trashed, deleted, given to someone else) is only marked gone, so the structures built
// before stay valid; every candidate is checked against its current name and state anyway.

/** A lab as the index needs it (what store.ts reads). */
export interface IndexedLab {
  readonly id: string
  readonly parent_id: string | null
  readonly name_lower: string
  readonly is_dir: number
  readonly is_public: number
  readonly size: number
  readonly created_at: string
  readonly updated_at: string
}

const DIR = 1
const LIVE = 2
const PUBLIC = 4

/** A trigram's labs: ascending entry numbers, or a bitset once they are more than a 32nd of all. */
type Posting = { readonly kind: "list"; readonly list: Int32Array } | { readonly kind: "bits"; readonly bits: Uint32Array; readonly count: number }

/** Fresh labs (added or renamed since the build) above which the next search builds again. */
const MAX_FRESH = 512

/** A trigram as a map key: three 7-bit characters packed in a small integer, anything else as text. */
export type Trigram = number | string

/**
 * The trigrams of a text, each once (UTF-16 units, as the search term is cut the same way). Most
 * names are ASCII, whose trigrams pack into numbers: no string is made for them, which makes
 * building an index of 100,000 names several times faster.
 */
export const trigramsOf = (text: string): ReadonlyArray<Trigram> => {
  const out = new Set<Trigram>()
  for (let i = 0; i + 3 <= text.length; i++) {
    const a = text.charCodeAt(i)
    const b = text.charCodeAt(i + 1)
    const c = text.charCodeAt(i + 2)
    out.add((a | b | c) < 128 ? (a << 14) | (b << 7) | c : text.slice(i, i + 3))
  }
  return [...out]
}

/** ISO timestamps as milliseconds: they sort alike and take a number's room instead of a string's. */
const msOf = (iso: string): number => Date.parse(iso)

export class OwnerIndex {
  readonly ownerId: string
  /** The owner's version (lab_versions) this index reflects. */
  version: number

  readonly ids: string[] = []
  readonly names: string[] = []
  readonly parents: Array<string | null> = []
  readonly flags: number[] = []
  readonly sizes: number[] = []
  /** Milliseconds since the epoch (msOf). */
  readonly created: number[] = []
  readonly updated: number[] = []
  readonly byId = new Map<string, number>()

  private postings = new Map<Trigram, Posting>()
  /** Folders and files at build time, each by name then id: the order broad searches walk. */
  private dirOrder = new Int32Array(0)
  private fileOrder = new Int32Array(0)
  /** Added or renamed since the build: not (rightly) in the postings or the order arrays. */
  private readonly fresh = new Set<number>()
  private gone = 0

  constructor(ownerId: string, version: number, labs: Iterable<IndexedLab>) {
    this.ownerId = ownerId
    this.version = version
    for (const lab of labs) this.upsert(lab)
    this.build()
  }

  /** Entries held (gone ones included until the next build): what the memory budget counts. */
  get size(): number {
    return this.ids.length
  }

  /** Adds a lab or takes its new state; a live lab only (use remove for the others). */
  upsert(lab: IndexedLab): void {
    const flags = (lab.is_dir === 1 ? DIR : 0) | LIVE | (lab.is_public === 1 ? PUBLIC : 0)
    const known = this.byId.get(lab.id)
    if (known !== undefined) {
      if (this.names[known] !== lab.name_lower || ((this.flags[known]! ^ flags) & DIR) !== 0) this.fresh.add(known)
      if ((this.flags[known]! & LIVE) === 0) this.gone--
      this.set(known, lab, flags)
      return
    }
    const entry = this.ids.length
    this.ids.push(lab.id)
    this.names.push("")
    this.parents.push(null)
    this.flags.push(0)
    this.sizes.push(0)
    this.created.push(0)
    this.updated.push(0)
    this.set(entry, lab, flags)
    this.byId.set(lab.id, entry)
    this.fresh.add(entry)
  }

  private set(entry: number, lab: IndexedLab, flags: number): void {
    this.names[entry] = lab.name_lower
    // The parent's id as held in `ids` when known: one string per lab, not one per child.
    const parent = lab.parent_id === null ? undefined : this.byId.get(lab.parent_id)
    this.parents[entry] = parent === undefined ? lab.parent_id : this.ids[parent]!
    this.flags[entry] = flags
    this.sizes[entry] = Number(lab.size)
    this.created[entry] = msOf(lab.created_at)
    this.updated[entry] = msOf(lab.updated_at)
  }

  /** The lab is no longer a live lab of this owner. Its entry stays, gone, until the next build. */
  remove(id: string): void {
    const entry = this.byId.get(id)
    if (entry === undefined || (this.flags[entry]! & LIVE) === 0) return
    this.flags[entry] = this.flags[entry]! & ~LIVE
    this.gone++
  }

  isLive(entry: number): boolean {
    return (this.flags[entry]! & LIVE) !== 0
  }

  isDir(entry: number): boolean {
    return (this.flags[entry]! & DIR) !== 0
  }

  isPublic(entry: number): boolean {
    return (this.flags[entry]! & PUBLIC) !== 0
  }

  /** The live lab's entry, if it has one. */
  entryOf(id: string): number | undefined {
    const entry = this.byId.get(id)
    return entry !== undefined && this.isLive(entry) ? entry : undefined
  }

  /** Builds again when the fresh or gone labs have grown too many to check one by one. */
  tidy(): void {
    if (this.fresh.size > Math.max(MAX_FRESH, this.ids.length >> 5) || this.gone > this.ids.length >> 2) this.build()
  }

  /**
   * Entries whose names may contain every given trigram (a superset: callers check the name), in
   * ascending order, fresh ones included; undefined when that would be every entry (no trigram).
   * Starts from the rarest trigram's labs and keeps those in each of the others, rarest first.
   */
  candidates(trigrams: ReadonlyArray<Trigram>): Int32Array | undefined {
    if (trigrams.length === 0) return undefined
    const postings: Posting[] = []
    for (const trigram of trigrams) {
      const posting = this.postings.get(trigram)
      if (posting === undefined) return this.freshOnly()
      postings.push(posting)
    }
    postings.sort((a, b) => countOf(a) - countOf(b))
    const first = postings[0]!
    let current: Int32Array = first.kind === "list" ? first.list : listOfBits(first.bits)
    for (let p = 1; p < postings.length && current.length > 0; p++) current = keep(current, postings[p]!)
    return this.withFresh(current)
  }

  /**
   * An upper bound on how many entries contain every trigram: the rarest trigram's count plus the
   * fresh entries. Cheap: what a search decides its way by.
   */
  bound(trigrams: ReadonlyArray<Trigram>): number {
    if (trigrams.length === 0) return this.ids.length
    let least = Number.POSITIVE_INFINITY
    for (const trigram of trigrams) {
      const posting = this.postings.get(trigram)
      least = Math.min(least, posting === undefined ? 0 : countOf(posting))
    }
    return least + this.fresh.size
  }

  /**
   * Live entries in name order (folders first; `descending` reverses the names, not the kinds, and
   * same names stay by id ascending), fresh ones merged in; `visit` returning true ends the walk.
   */
  walk(descending: boolean, visit: (entry: number) => boolean): void {
    const compare = (a: number, b: number) => compareByName(this, a, b, descending)
    const fresh = [...this.fresh].filter((e) => this.isLive(e)).sort(compare)
    for (const isDir of [true, false]) {
      const extra = fresh.filter((e) => this.isDir(e) === isDir)
      let x = 0
      const stopped = this.eachInOrder(isDir ? this.dirOrder : this.fileOrder, descending, (entry) => {
        // Renamed or gone since the build: its place here is stale (a fresh one comes from `extra`).
        if (this.fresh.has(entry) || !this.isLive(entry) || this.isDir(entry) !== isDir) return false
        while (x < extra.length && compare(extra[x]!, entry) < 0) if (visit(extra[x++]!)) return true
        return visit(entry)
      })
      if (stopped) return
      while (x < extra.length) if (visit(extra[x++]!)) return
    }
  }

  /** The built order forwards, or backwards by name with each run of one name still by id. */
  private eachInOrder(order: Int32Array, descending: boolean, visit: (entry: number) => boolean): boolean {
    if (!descending) {
      for (let k = 0; k < order.length; k++) if (visit(order[k]!)) return true
      return false
    }
    for (let end = order.length - 1; end >= 0; ) {
      let start = end
      while (start > 0 && this.names[order[start - 1]!] === this.names[order[end]!]) start--
      for (let k = start; k <= end; k++) if (visit(order[k]!)) return true
      end = start - 1
    }
    return false
  }

  private freshOnly(): Int32Array | undefined {
    return this.withFresh(new Int32Array(0))
  }

  private withFresh(found: Int32Array): Int32Array {
    if (this.fresh.size === 0) return found
    const all = new Set<number>(found)
    for (const entry of this.fresh) all.add(entry)
    return Int32Array.from(all).sort()
  }

  /**
   * The trigram lists and the name order, from scratch. Gone entries are dropped and the rest
   * numbered again (entry numbers are only held within one search, never across a build).
   */
  build(): void {
    this.compact()
    const lists = new Map<Trigram, number[]>()
    const dirs: number[] = []
    const files: number[] = []
    const total = this.ids.length
    for (let entry = 0; entry < total; entry++) {
      // Parents that arrived after their children now point to the one copy of their id.
      const parent = this.parents[entry]
      if (parent !== null && parent !== undefined) {
        const above = this.byId.get(parent)
        if (above !== undefined) this.parents[entry] = this.ids[above]!
      }
      ;(this.isDir(entry) ? dirs : files).push(entry)
      for (const trigram of trigramsOf(this.names[entry]!)) {
        const list = lists.get(trigram)
        if (list === undefined) lists.set(trigram, [entry])
        else list.push(entry)
      }
    }
    this.postings = new Map()
    for (const [trigram, list] of lists) {
      // Entries were visited in ascending order: each list is sorted already.
      this.postings.set(trigram, list.length * 32 >= total ? { kind: "bits", bits: bitsOf(list, total), count: list.length } : { kind: "list", list: Int32Array.from(list) })
    }
    const byName = (a: number, b: number) => compareByName(this, a, b, false)
    this.dirOrder = Int32Array.from(dirs.sort(byName))
    this.fileOrder = Int32Array.from(files.sort(byName))
    this.fresh.clear()
  }

  /** Drops gone entries, keeping the others in their order. */
  private compact(): void {
    if (this.gone === 0) return
    let to = 0
    const total = this.ids.length
    this.byId.clear()
    for (let from = 0; from < total; from++) {
      if (!this.isLive(from)) continue
      this.ids[to] = this.ids[from]!
      this.names[to] = this.names[from]!
      this.parents[to] = this.parents[from]!
      this.flags[to] = this.flags[from]!
      this.sizes[to] = this.sizes[from]!
      this.created[to] = this.created[from]!
      this.updated[to] = this.updated[from]!
      this.byId.set(this.ids[to]!, to)
      to++
    }
    for (const column of [this.ids, this.names, this.parents, this.flags, this.sizes, this.created, this.updated]) column.length = to
    this.gone = 0
  }
}

/** Name order within one kind, ties (same names in different folders) by id, ascending either way. */
export const compareByName = (index: OwnerIndex, a: number, b: number, descending: boolean): number => {
  const x = index.names[a]!
  const y = index.names[b]!
  if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1)
  const i = index.ids[a]!
  const j = index.ids[b]!
  return i < j ? -1 : i > j ? 1 : 0
}

const countOf = (posting: Posting): number => (posting.kind === "list" ? posting.list.length : posting.count)

const bitsOf = (sorted: ReadonlyArray<number>, total: number): Uint32Array => {
  const bits = new Uint32Array((total >> 5) + 1)
  for (const entry of sorted) bits[entry >> 5]! |= 1 << (entry & 31)
  return bits
}

const listOfBits = (bits: Uint32Array): Int32Array => {
  const out: number[] = []
  for (let word = 0; word < bits.length; word++) {
    let w = bits[word]!
    while (w !== 0) {
      const low = w & -w
      out.push((word << 5) + 31 - Math.clz32(low))
      w ^= low
    }
  }
  return Int32Array.from(out)
}

/** The entries of `sorted` also in `posting`: a bit test each, or a galloping walk of both lists. */
const keep = (sorted: Int32Array, posting: Posting): Int32Array => {
  const out = new Int32Array(sorted.length)
  let n = 0
  if (posting.kind === "bits") {
    const bits = posting.bits
    for (let k = 0; k < sorted.length; k++) {
      const entry = sorted[k]!
      if (entry >> 5 < bits.length && (bits[entry >> 5]! & (1 << (entry & 31))) !== 0) out[n++] = entry
    }
    return out.subarray(0, n)
  }
  const list = posting.list
  let at = 0
  for (let k = 0; k < sorted.length && at < list.length; k++) {
    const entry = sorted[k]!
    if (list[at]! < entry) {
      // Gallop: double the step until past the entry, then halve back to it.
      let step = 1
      while (at + step < list.length && list[at + step]! < entry) step <<= 1
      let low = at + (step >> 1)
      let high = Math.min(at + step, list.length - 1)
      while (low < high) {
        const mid = (low + high) >> 1
        if (list[mid]! < entry) low = mid + 1
        else high = mid
      }
      at = low
    }
    if (list[at] === entry) out[n++] = entry
  }
  return out.subarray(0, n)
}
