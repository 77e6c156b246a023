// Recognises a unique-constraint failure on either engine, for the rare race where two requests
// claim the same email or username between our check and our insert.
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown } | null
  return e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"))
}
