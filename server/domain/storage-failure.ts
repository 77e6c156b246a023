// What the file system says when the server cannot keep what it was sent, put into words a person
// can act on, instead of an empty 500.
const MESSAGES: Readonly<Record<string, string>> = {
  ENOSPC: "The server's disk is full, so the file could not be stored. Try again later.",
  EDQUOT: "The server's disk quota is used up, so the file could not be stored. Try again later.",
  EROFS: "The server's data folder is read-only, so the file could not be stored. Tell its administrator.",
  EACCES: "The server may not write to its data folder, so the file could not be stored. Tell its administrator.",
  EPERM: "The server may not write to its data folder, so the file could not be stored. Tell its administrator."
}

// SQLite's own codes for the same causes (node:sqlite reports them as ERR_SQLITE_ERROR with `errcode`):
// its database file lives in DATA_DIR too, so a full disk fails its writes as SQLITE_FULL.
const SQLITE_MESSAGES: Readonly<Record<number, string>> = {
  13: "The server's disk is full, so the change could not be saved. Try again later.",
  8: "The server's database is read-only, so the change could not be saved. Tell its administrator."
}

/** The message for a file-system error that means "cannot store", if it is one. */
export const storageFailureMessage = (error: unknown, depth = 0): string | undefined => {
  if (typeof error !== "object" || error === null || depth > 3) return undefined
  const code = "code" in error ? String(error.code) : undefined
  if (code !== undefined && code in MESSAGES) return MESSAGES[code]
  if (code === "ERR_SQLITE_ERROR" && "errcode" in error) {
    // The primary code is the low byte: an extended code (SQLITE_READONLY_DBMOVED, say) keeps its cause.
    const message = SQLITE_MESSAGES[Number(error.errcode) & 0xff]
    if (message !== undefined) return message
  }
  // Wrapped on its way up (a stream error): look at what it wraps.
  return "cause" in error ? storageFailureMessage(error.cause, depth + 1) : undefined
}
