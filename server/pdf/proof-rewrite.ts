// A transfer receipt is stored as a copy made here, never as the bytes sent: the first bytes say
// what it claims to be, and a file can be a valid image or PDF and something else besides (a
// polyglot: a zip or HTML appended, a script in a PDF, a file embedded in it). The copy keeps what
// staff need to read, the picture or the pages, and nothing else.
//
// Images are decoded and encoded again with sharp: only the pixels survive (no appended bytes, no
// metadata chunks), turned upright by their EXIF orientation first since the tag goes with the rest.
//
// PDFs are rewritten with pdf-lib into a new document holding only the pages. What a viewer runs or
// opens is reached from a few places only: the catalogue (/OpenAction, /AA, the /JavaScript and
// /EmbeddedFiles name trees, the form's /XFA), a page's /AA and its annotations (/A and /AA actions,
// file attachments). The new document has a catalogue of its own, and each page is copied without
// /AA and /Annots (removed before copying, so the objects they point to are not copied either), so
// none of those places exists in the copy. As a second line, the copy is searched for any of those
// keys and any JavaScript, Launch or embedded-file object that page content or resources still
// reach, and such a receipt is refused. Content streams are drawing operators only: nothing in them
// runs. What cannot be read (not a PDF, encrypted, no pages) is refused too.
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from "pdf-lib"
import sharp from "sharp"
import type { ProofType } from "../domain/proof-type.ts"

/** The receipt cannot be read as its type, or carries what is refused; the message is for the log. */
export class ProofRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "ProofRefused"
  }
}

/** A phone photo is 12 to 50 megapixels; more than this is not a receipt (and would take its memory). */
const MAX_PROOF_PIXELS = 100_000_000

const rewriteImage = async (bytes: Uint8Array, type: Exclude<ProofType, "application/pdf">): Promise<Uint8Array> => {
  const image = sharp(bytes, { limitInputPixels: MAX_PROOF_PIXELS, failOn: "error" }).rotate()
  const encoded = type === "image/png" ? image.png() : type === "image/webp" ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 })
  return new Uint8Array(
    await encoded.toBuffer().catch((cause: unknown) => Promise.reject(new ProofRefused("image does not decode", { cause })))
  )
}

/** Keys and names that make a PDF do something beyond showing its pages. */
const ACTIVE_KEYS = ["JS", "JavaScript", "AA", "OpenAction", "Launch", "EmbeddedFile", "EmbeddedFiles", "EF", "XFA", "AcroForm", "Names"]
const ACTIVE_VALUES = ["JavaScript", "Launch", "EmbeddedFile", "Filespec", "ImportData", "SubmitForm", "Rendition", "GoToE"]

/** The first active key or name in this object and the direct objects inside it (references are enumerated on their own). */
const activeIn = (object: PDFObject): string | undefined => {
  if (object instanceof PDFStream) return activeIn(object.dict)
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = activeIn(item)
      if (found) return found
    }
    return undefined
  }
  if (!(object instanceof PDFDict)) return undefined
  for (const [key, value] of object.entries()) {
    const name = key.decodeText()
    if (ACTIVE_KEYS.includes(name)) return `/${name}`
    if ((name === "S" || name === "Type") && value instanceof PDFName && ACTIVE_VALUES.includes(value.decodeText()))
      return `/${name} /${value.decodeText()}`
    const found = activeIn(value)
    if (found) return found
  }
  return undefined
}

/** pdf-lib's refusals of a malformed file are of any kind (a TypeError deep in a page tree): all are the file's. */
const rewritePdf = (bytes: Uint8Array): Promise<Uint8Array> =>
  copyPages(bytes).catch((cause: unknown) =>
    Promise.reject(cause instanceof ProofRefused ? cause : new ProofRefused("PDF does not parse (or is encrypted)", { cause }))
  )

const copyPages = async (bytes: Uint8Array): Promise<Uint8Array> => {
  const source = await PDFDocument.load(bytes, { updateMetadata: false })
  const pages = source.getPages()
  if (pages.length === 0) throw new ProofRefused("PDF has no pages")
  for (const page of pages) {
    page.node.delete(PDFName.of("Annots"))
    page.node.delete(PDFName.of("AA"))
  }
  const copy = await PDFDocument.create({ updateMetadata: false })
  for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page)
  for (const [, object] of copy.context.enumerateIndirectObjects()) {
    const found = activeIn(object)
    if (found) throw new ProofRefused(`PDF page reaches ${found}`)
  }
  // Plain objects, no object streams: what is kept can be read (and checked) as it is.
  return copy.save({ useObjectStreams: false })
}

/** The copy of the receipt to store, or ProofRefused. */
export const rewriteProof = (bytes: Uint8Array, type: ProofType): Promise<Uint8Array> =>
  type === "application/pdf" ? rewritePdf(bytes) : rewriteImage(bytes, type)
