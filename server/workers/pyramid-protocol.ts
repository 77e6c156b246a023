// What the slide worker and its pyramid child process say to each other: the request goes as one
// JSON argument, the outcome comes back as one JSON line on stdout.
import type { AssociatedName } from "../images/associated-images.ts"
import type { RejectionReason } from "../images/image-rejected.ts"
import type { ScannerFacts } from "../images/openslide.ts"

export interface PyramidRequest {
  readonly input: string
  readonly outDir: string
  readonly name: string
  readonly limitInputPixels: number
}

export type PyramidOutcome =
  | {
      readonly kind: "built"
      readonly width: number
      readonly height: number
      readonly mpp: number | null
      /** A scanner's own format: who made it (openslide.ts). */
      readonly scanner: ScannerFacts | null
      /** The label and macro kept privately in the build's associated/ folder. */
      readonly associated?: ReadonlyArray<AssociatedName>
    }
  /** The image can never become a slide: fail the job at once. */
  | { readonly kind: "rejected"; readonly reason: RejectionReason; readonly message: string }
  /** The child died or failed for another reason (a libvips crash, out of memory, a full disk): try again. */
  | { readonly kind: "crashed"; readonly message: string }

export const parseOutcome = (line: string): PyramidOutcome | undefined => {
  try {
    const value = JSON.parse(line) as PyramidOutcome
    return value.kind === "built" || value.kind === "rejected" ? value : undefined
  } catch {
    return undefined
  }
}
