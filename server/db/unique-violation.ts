// Recognises a constraint failure on either engine: a unique one, for the rare race where two requests
// claim the same email or username between our check and our insert, and a foreign key one.
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown } | null
  return e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"))
}

/** A foreign-key failure on either engine: a row names one that was deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown } | null
  return e?.code === "23503" || (typeof e?.message === "string" && e.message.includes("FOREIGN KEY constraint failed"))
}
