// What the upload button offers and what a drop is checked against before anything is sent. The
// server decides by the file's bytes (issue 4); this only spares a round trip for what is plainly
// not a slide image (a PDF, a zip, an empty file).
export const ACCEPTED_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff", ".svs"] as const

/** The file input's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",")

export const hasAcceptedName = (name: string): boolean => {
  const lower = name.toLowerCase()
  return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension))
}

/** Worth sending: a name the server may accept and at least one byte. */
export const isUploadable = (file: { readonly name: string; readonly size: number }): boolean => file.size > 0 && hasAcceptedName(file.name)
