// When an unfinished upload counts as abandoned, and how often the server looks for them.

/** No bytes for this long: the upload, its parts and its "uploading" lab are removed. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
/** The sweep runs at start and then this often. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000
/**
 * How long a server that took the last byte has to put the parts together before another (the
 * client's retried last chunk, or the sweep) may do it instead: a crashed server's lease lapses.
 * Ten minutes is far above the copy of a large slide at the store's speed; a slower copy is only
 * done twice, not wrong (the second to commit removes its copy).
 */
export const COMPLETING_LEASE_MS = 10 * 60 * 1000
