// Recently Access (/dashboard/recent): what the user opened lately, newest first.
import { LabsWorkspace } from "../../labs/LabsWorkspace.tsx"

const source = { kind: "recent" } as const

export default function RecentPage() {
  return <LabsWorkspace source={source} />
}
