// Deleted File (/dashboard/trash): restore, delete forever, empty the trash.
import { TrashView } from "../../labs/trash/TrashView.tsx"

export default function TrashPage() {
  return <TrashView />
}
