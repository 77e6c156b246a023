// Who else has the slide open, in the top bar: their initials, the name on hover and to screen readers.
import type { SlideViewer } from "../../../../effects/annotations/presence.ts"
import { useT } from "../../../../i18n/index.ts"
import { Avatar, Tooltip } from "../../../ui/index.ts"
import * as css from "./collab.css.ts"

const SHOWN = 4

export const Presence = ({ viewers }: { readonly viewers: ReadonlyArray<SlideViewer> }) => {
  const t = useT()
  if (viewers.length === 0) return null
  const shown = viewers.slice(0, SHOWN)
  const rest = viewers.length - shown.length
  return (
    <ul className={css.presence} aria-label={t("viewer.collab.viewers")} data-testid="slide-presence">
      {shown.map((viewer) => {
        const name = viewer.name || viewer.email
        return (
          <li key={viewer.id} className={css.avatar} data-testid="presence-viewer" data-email={viewer.email}>
            <Tooltip content={t("viewer.collab.viewing", { name })} placement="bottom">
              <span>
                <Avatar name={name} size={28} decorative={false} />
              </span>
            </Tooltip>
          </li>
        )
      })}
      {rest > 0 && <li className={css.more}>+{rest}</li>}
    </ul>
  )
}
