// A failed chunk load (usually a deploy replaced the files this tab knows) reloads the page, at most
// once per 60 s so a real outage cannot cause a reload loop.
export const CHUNK_RELOAD_GUARD_MS = 60_000
const KEY = "preparat.chunkReloadAt"

const patterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /ChunkLoadError/i
]

export const isChunkLoadError = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return patterns.some((p) => p.test(text))
}

/** Whether a reload is allowed now, given when the last one happened. */
export const mayReload = (lastReloadAt: number | null, now: number): boolean =>
  lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS

/** Reloads once per guard window; returns false when it refused (the caller then shows an error). */
export const reloadForNewChunks = (storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage, now = Date.now()): boolean => {
  const last = Number(storage.getItem(KEY)) || null
  if (!mayReload(last, now)) return false
  storage.setItem(KEY, String(now))
  window.location.reload()
  return true
}
