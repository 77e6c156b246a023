// Recently Access (/dashboard/recent).
import { ListPage } from "../../dashboard/ListPage.tsx"
import { ClockIcon } from "../../ui/index.ts"

export default function RecentPage() {
  return <ListPage area="recent" icon={<ClockIcon size={24} />} />
}
