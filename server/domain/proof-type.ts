// A transfer receipt is a photo, a screenshot or the bank's PDF, recognised by its first bytes, never
// by the name or the content type the browser declares.
import { imageTypeOf } from "./image-type.ts"

export type ProofType = "image/png" | "image/jpeg" | "image/webp" | "application/pdf"

/** Bytes enough to tell them apart. */
export const PROOF_SNIFF_BYTES = 16

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // "%PDF-"

export const proofTypeOf = (head: Uint8Array): ProofType | undefined => {
  if (PDF.every((b, i) => head[i] === b)) return "application/pdf"
  const image = imageTypeOf(head)?.contentType
  return image === "image/png" || image === "image/jpeg" || image === "image/webp" ? image : undefined
}
