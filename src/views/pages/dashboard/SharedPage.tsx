// Shared Lab (/dashboard/shared).
import { ListPage } from "../../dashboard/ListPage.tsx"
import { UsersIcon } from "../../ui/index.ts"

export default function SharedPage() {
  return <ListPage area="shared" icon={<UsersIcon size={24} />} />
}
