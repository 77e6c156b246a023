// The Move dialog's folder tree (WAI-ARIA tree view, flat with levels): arrows move between folders,
// Right/Left open and close them, Enter or Space chooses. Where the lab already is, and (for a folder)
// itself and everything inside it, cannot be chosen and say why.
import { type KeyboardEvent, useMemo, useRef, useState } from "react"
import type { FolderNode } from "../../../contract/labs.ts"
import { useT } from "../../../i18n/index.ts"
import { type Movable, pathTo, targetProblem } from "../../../machines/labs/folderTree.ts"
import { ChevronRightIcon, cx, FolderIcon, HomeIcon } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"

export interface FolderTreeProps {
  readonly tree: ReadonlyArray<FolderNode>
  readonly lab: Movable
  readonly target: string | null | undefined
  readonly onChoose: (target: string | null) => void
  readonly label: string
}

interface Row {
  readonly node: FolderNode
  readonly key: string
  readonly depth: number
  readonly parentKey: string | null
  readonly open: boolean
  readonly blocked: boolean
  readonly note: string | null
}

const keyOf = (node: FolderNode) => node.id ?? "root"

export const FolderTree = ({ tree, lab, target, onChoose, label }: FolderTreeProps) => {
  const t = useT()
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(pathTo(tree, lab.parent)))
  const [focused, setFocused] = useState<string>(() => (target === undefined ? (lab.parent ?? "root") : (target ?? "root")))
  const list = useRef<HTMLDivElement>(null)

  const rows = useMemo(() => {
    const out: Array<Row> = []
    const walk = (nodes: ReadonlyArray<FolderNode>, depth: number, parentKey: string | null, blockedAbove: boolean) => {
      for (const node of nodes) {
        const problem = targetProblem(tree, lab, node.id)
        const blocked = blockedAbove || problem === "inside"
        const open = opened.has(keyOf(node))
        const note = problem === "current" ? t("labs.move.here") : problem === "inside" && node.id === lab.id ? t("labs.move.inside") : null
        out.push({ node, key: keyOf(node), depth, parentKey, open, blocked: blocked || problem === "current", note })
        if (open) walk(node.sub_dirs, depth + 1, keyOf(node), blocked)
      }
    }
    walk(tree, 0, null, false)
    return out
  }, [tree, lab, opened, t])

  const toggle = (key: string, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current)
      if (open) next.add(key)
      else next.delete(key)
      return next
    })

  const focusRow = (key: string) => {
    setFocused(key)
    list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = rows.findIndex((row) => row.key === focused)
    const row = rows[index]
    if (row === undefined) return
    const go = (to: Row | undefined) => {
      event.preventDefault()
      if (to) focusRow(to.key)
    }
    switch (event.key) {
      case "ArrowDown":
        return go(rows[index + 1])
      case "ArrowUp":
        return go(rows[index - 1])
      case "Home":
        return go(rows[0])
      case "End":
        return go(rows[rows.length - 1])
      case "ArrowRight":
        event.preventDefault()
        if (row.node.sub_dirs.length === 0) return
        if (!row.open) toggle(row.key, true)
        else go(rows[index + 1])
        return
      case "ArrowLeft":
        event.preventDefault()
        if (row.open) toggle(row.key, false)
        else if (row.parentKey !== null) focusRow(row.parentKey)
        return
      case "Enter":
      case " ":
        event.preventDefault()
        if (!row.blocked) onChoose(row.node.id)
        return
    }
  }

  return (
    <div ref={list} role="tree" aria-label={label} className={css.tree} onKeyDown={onKeyDown}>
      {rows.map((row) => {
        const hasChildren = row.node.sub_dirs.length > 0
        const name = row.node.id === null ? t("labs.move.root") : row.node.name
        return (
          <div
            key={row.key}
            role="treeitem"
            data-key={row.key}
            aria-level={row.depth + 1}
            aria-expanded={hasChildren ? row.open : undefined}
            aria-selected={target !== undefined && (target ?? "root") === row.key}
            aria-disabled={row.blocked || undefined}
            tabIndex={row.key === focused ? 0 : -1}
            className={css.node}
            style={{ paddingLeft: 4 + row.depth * 20 }}
            onFocus={() => setFocused(row.key)}
            onClick={() => {
              setFocused(row.key)
              if (!row.blocked) onChoose(row.node.id)
            }}
          >
            <span
              className={css.twisty}
              aria-hidden="true"
              style={{ visibility: hasChildren ? "visible" : "hidden" }}
              onClick={(event) => {
                event.stopPropagation()
                toggle(row.key, !row.open)
              }}
            >
              <ChevronRightIcon size={14} className={cx(row.open && css.twistyOpen)} />
            </span>
            <span className={css.nodeIcon}>{row.node.id === null ? <HomeIcon size={16} /> : <FolderIcon size={16} />}</span>
            <span className={css.nodeName}>{name}</span>
            {row.note !== null && <span className={css.nodeNote}>{row.note}</span>}
          </div>
        )
      })}
    </div>
  )
}
