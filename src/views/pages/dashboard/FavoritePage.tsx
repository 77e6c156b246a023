// Favorite (/dashboard/favorite): the user's starred labs.
import { LabsWorkspace } from "../../labs/LabsWorkspace.tsx"

const source = { kind: "favorite" } as const

export default function FavoritePage() {
  return <LabsWorkspace source={source} />
}
