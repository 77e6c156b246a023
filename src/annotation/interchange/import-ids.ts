// Which of a slide's annotations an imported shape is. A file's id (QuPath's feature `id`, a W3C
// item's `urn:uuid:` id) names a shape in the project it came from, not on this slide: annotation
// ids are unique across the whole server, so the same file imported on two slides, or a colleague's
// export imported beside the original, must not reuse them. An imported shape therefore gets a
// name-based UUID (RFC 9562, version 5) of the slide and the file's id: importing the same file on
// the same slide again gives the same ids, and the bulk POST's `existing=update` updates those
// shapes instead of adding them twice. A file id that already is an annotation of this slide (our
// own export read back) is that annotation.

/** Our namespace for import ids (a random v4 uuid, fixed once: changing it would orphan every past import). */
const IMPORT_NAMESPACE = "5b0f3f4e-8c1a-4d7e-9a43-2f6d1c9e7b10"

const bytesOfUuid = (uuid: string): Uint8Array => {
  const hex = uuid.replaceAll("-", "")
  const out = new Uint8Array(16)
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

const uuidOfBytes = (b: Uint8Array): string => {
  const hex = [...b.slice(0, 16)].map((n) => n.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** UUID version 5: SHA-1 of the namespace's bytes and the name's UTF-8, with the version and variant bits set. */
export const uuidV5 = async (name: string, namespace: string = IMPORT_NAMESPACE): Promise<string> => {
  const text = new TextEncoder().encode(name)
  const input = new Uint8Array(16 + text.length)
  input.set(bytesOfUuid(namespace))
  input.set(text, 16)
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-1", input))
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  return uuidOfBytes(hash)
}

/** The id each file id takes on this slide (see the top of this file). */
export const slideIdsFor = async (labId: string, fileIds: Iterable<string>): Promise<ReadonlyMap<string, string>> => {
  const unique = [...new Set(fileIds)]
  const ids = await Promise.all(unique.map((id) => uuidV5(`${labId}\n${id.toLowerCase()}`)))
  return new Map(unique.map((id, i) => [id, ids[i]!]))
}
