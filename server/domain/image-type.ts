// Recognises an image by its first bytes, never by the name or the declared content type a client
// sends. Only the formats browsers show as an avatar.

export interface ImageType {
  readonly extension: "png" | "jpg" | "webp" | "gif"
  readonly contentType: string
}

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

export const imageTypeOf = (bytes: Uint8Array): ImageType | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: "png", contentType: "image/png" }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: "jpg", contentType: "image/jpeg" }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { extension: "webp", contentType: "image/webp" }
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { extension: "gif", contentType: "image/gif" }
  return undefined
}

export const contentTypeOfExtension = (extension: string): string | undefined =>
  ({ png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" })[extension]
