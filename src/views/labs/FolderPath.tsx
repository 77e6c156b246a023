// Where a folder sits: All Files (or Shared Lab, for a folder shared with the reader: trail-root.ts),
// then each folder above it the user may see, as links. A long path
// keeps its first and last two segments and puts the middle in a menu; on a narrow screen only the
// folder just above stays, the rest in the menu.
import { Fragment } from "react"
import { Link } from "wouter"
import type { Crumb, Role } from "../../contract/labs.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { CrumbsMenu } from "../shell/CrumbsMenu.tsx"
import { useNarrow } from "../shell/useNarrow.ts"
import { ChevronRightIcon } from "../ui/index.ts"
import * as css from "./labs.css.ts"
import { trailRoot } from "./trail-root.ts"
import { links } from "../../contract/routes.ts"

/** How many segments a path shows whole before the middle ones fold into a menu. */
const WIDE_LIMIT = 4

/** `trail` is outermost first and may end with the folder itself, which is the page's title. */
export const FolderPath = ({
  trail,
  current,
  role
}: {
  readonly trail: ReadonlyArray<Crumb>
  readonly current: string
  /** The reader's standing on the folder: decides where the path starts. */
  readonly role: Role | null
}) => {
  const t = useT()
  const { localePath } = useLocale()
  const narrow = useNarrow()
  const root = trailRoot(role)
  const hrefOf = (id: string) => localePath(id === "" ? root.href : links.folder(id))
  const all = [{ id: "", name: t(`labs.path.${root.label}`) }, ...trail.filter((crumb) => crumb.id !== current)]
  const [head, folded, tail] = narrow
    ? all.length > 2
      ? [[], all.slice(0, -1), all.slice(-1)]
      : [all, [], []]
    : all.length > WIDE_LIMIT
      ? [all.slice(0, 1), all.slice(1, -2), all.slice(-2)]
      : [all, [], []]
  const entries = [
    ...head.map((crumb) => ({ kind: "link" as const, crumb })),
    ...(folded.length > 0 ? [{ kind: "menu" as const }] : []),
    ...tail.map((crumb) => ({ kind: "link" as const, crumb }))
  ]
  return (
    <nav aria-label={t("labs.path.label")}>
      <ol className={css.path}>
        {entries.map((entry, i) => (
          <Fragment key={entry.kind === "menu" ? "menu" : entry.crumb.id || "root"}>
            {i > 0 && (
              <li className={css.pathSeparator} aria-hidden="true">
                <ChevronRightIcon size={13} />
              </li>
            )}
            <li className={css.pathItem}>
              {entry.kind === "menu" ? (
                <CrumbsMenu crumbs={folded.map((crumb) => ({ id: crumb.id || "root", label: crumb.name, href: hrefOf(crumb.id) }))} />
              ) : (
                <Link href={hrefOf(entry.crumb.id)} className={css.pathLink}>
                  {entry.crumb.name}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
