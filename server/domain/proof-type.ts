// A transfer receipt is a photo, a screenshot or the bank's PDF, recognised by its first bytes, never
// by the name or the content type the browser declares.
// The list of kinds is the contract's, shared with the SPA's check before an upload.
import { isProofType, type ProofType } from "../../src/contract/billing.ts"
import { imageTypeOf } from "./image-type.ts"

export type { ProofType }

/** Bytes enough to tell them apart. */
export const PROOF_SNIFF_BYTES = 16

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // "%PDF-"

export const proofTypeOf = (head: Uint8Array): ProofType | undefined => {
  if (PDF.every((b, i) => head[i] === b)) return "application/pdf"
  const image = imageTypeOf(head)?.contentType
  return image !== undefined && isProofType(image) ? image : undefined
}
