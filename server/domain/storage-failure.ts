// What the file system says when the server cannot keep what it was sent, put into words a person
// can act on, instead of an empty 500.
const MESSAGES: Readonly<Record<string, string>> = {
  ENOSPC: "The server's disk is full, so the file could not be stored. Try again later.",
  EDQUOT: "The server's disk quota is used up, so the file could not be stored. Try again later.",
  EROFS: "The server's data folder is read-only, so the file could not be stored. Tell its administrator.",
  EACCES: "The server may not write to its data folder, so the file could not be stored. Tell its administrator.",
  EPERM: "The server may not write to its data folder, so the file could not be stored. Tell its administrator."
}

/** The message for a file-system error that means "cannot store", if it is one. */
export const storageFailureMessage = (error: unknown, depth = 0): string | undefined => {
  if (typeof error !== "object" || error === null || depth > 3) return undefined
  const code = "code" in error ? String(error.code) : undefined
  if (code !== undefined && code in MESSAGES) return MESSAGES[code]
  // Wrapped on its way up (a stream error): look at what it wraps.
  return "cause" in error ? storageFailureMessage(error.cause, depth + 1) : undefined
}
