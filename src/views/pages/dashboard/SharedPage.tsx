// Shared Lab (/dashboard/shared): labs others shared with the user, with the user's role in each
// (including labs the user owned before transferring them).
import { LabsWorkspace } from "../../labs/LabsWorkspace.tsx"

const source = { kind: "shared" } as const

export default function SharedPage() {
  return <LabsWorkspace source={source} />
}
