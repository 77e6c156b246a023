// A short memory of "this viewer may see this slide build", so a viewer loading hundreds of tiles a
// minute costs one permission query per few seconds instead of one per tile.
//
// Why this is safe: only grants are remembered, never refusals, so nobody gains access through it;
// a grant outlives its withdrawal (role removed, lab made private or sent to the trash) by at most
// `ttlMs`, and what it lets through during that time is tiles of an image the viewer was allowed to
// see a moment before (and may well hold in the browser cache already). The key carries the build
// key, so a rebuilt slide starts from a fresh check. Each process keeps its own memory; nothing
// needs invalidating across processes because nothing lives longer than the TTL.

export interface Grant {
  /** Whether anyone may see the lab (it or a folder above it is public): decides Cache-Control. */
  readonly isPublic: boolean
}

export interface GrantCache {
  readonly get: (key: string) => Grant | undefined
  readonly set: (key: string, grant: Grant) => void
}

export const grantKey = (viewerId: string | undefined, labId: string, slideKey: string) => `${viewerId ?? ""}|${labId}|${slideKey}`

export const makeGrantCache = (options: {
  readonly ttlMs: number
  readonly maxEntries: number
  readonly now?: () => number
}): GrantCache => {
  const now = options.now ?? Date.now
  const entries = new Map<string, { readonly grant: Grant; readonly expires: number }>()
  return {
    get: (key) => {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (entry.expires > now()) return entry.grant
      entries.delete(key)
      return undefined
    },
    set: (key, grant) => {
      // Re-inserting moves the key to the end, so the Map stays in order of expiry (one TTL for
      // all) and the first entries are always the oldest: dropped first when the memory is full.
      entries.delete(key)
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
      entries.set(key, { grant, expires: now() + options.ttlMs })
    }
  }
}
