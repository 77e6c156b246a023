// What the upload button offers and what a drop is checked against before anything is sent. The
// server decides by the file's bytes (issue 4); this only spares a round trip for what is plainly
// not a slide image (a PDF, an empty file). Scanners' TIFF-based formats (Hamamatsu NDPI, Leica SCN,
// Ventana BIF) go through OpenSlide; a DICOM whole-slide image comes as one .dcm instance or as its
// series in a .zip.
export const ACCEPTED_EXTENSIONS = [
  ".jpg",
  ".jpeg",
  ".png",
  ".webp",
  ".tif",
  ".tiff",
  ".svs",
  ".ndpi",
  ".scn",
  ".bif",
  ".dcm",
  ".zip"
] as const

/** The file input's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",")

export const hasAcceptedName = (name: string): boolean => {
  const lower = name.toLowerCase()
  return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension))
}

/** Worth sending: a name the server may accept and at least one byte. */
export const isUploadable = (file: { readonly name: string; readonly size: number }): boolean => file.size > 0 && hasAcceptedName(file.name)
