// Where a user's trail to a lab starts (issue 16, "where am I"): their own labs start at All Files;
// a lab someone else shared with them starts at Shared Lab, where they found it, never at the
// owner's All Files, which is not theirs to open.
import type { Role } from "../../contract/labs.ts"
import { links } from "../../contract/routes.ts"

export interface TrailRoot {
  readonly href: string
  /** Key of the root's name under labs.path. */
  readonly label: "root" | "shared"
}

const own: TrailRoot = { href: links.labs(), label: "root" }
const shared: TrailRoot = { href: links.shared(), label: "shared" }

/** `role` is the reader's standing on the lab; a member who is not its owner reached it through sharing. */
export const trailRoot = (role: Role | null): TrailRoot => (role === "admin" || role === "reviewer" ? shared : own)
