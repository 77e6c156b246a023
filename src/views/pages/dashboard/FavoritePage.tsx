// Favorite (/dashboard/favorite).
import { ListPage } from "../../dashboard/ListPage.tsx"
import { StarIcon } from "../../ui/index.ts"

export default function FavoritePage() {
  return <ListPage area="favorite" icon={<StarIcon size={24} />} />
}
