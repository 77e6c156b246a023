// When an unfinished upload counts as abandoned, and how often the server looks for them.

/** No bytes for this long: the upload, its partial file and its "uploading" lab are removed. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
/** The sweep runs at start and then this often. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000
