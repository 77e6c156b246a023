// Rules over the folder tree of the Move dialog (GET /v2/get-dirs/: "Root" with a null id first).
// A lab cannot move to where it already is, and a folder not into itself or anything inside it;
// the server refuses both too, this only keeps the dialog from offering them.
import type { FolderNode } from "../../contract/labs.ts"

export interface Movable {
  readonly id: string
  readonly is_dir: boolean
  readonly parent: string | null
}

const walk = (nodes: ReadonlyArray<FolderNode>): ReadonlyArray<FolderNode> => nodes.flatMap((node) => [node, ...walk(node.sub_dirs)])

export const findFolder = (tree: ReadonlyArray<FolderNode>, id: string | null): FolderNode | undefined =>
  walk(tree).find((node) => node.id === id)

/** The folder and every folder inside it. */
export const folderAndInside = (tree: ReadonlyArray<FolderNode>, id: string): ReadonlySet<string> => {
  const start = findFolder(tree, id)
  return new Set(start === undefined ? [id] : walk([start]).flatMap((node) => (node.id === null ? [] : [node.id])))
}

export type TargetProblem = "current" | "inside"

/** Why `target` (null: Root) cannot receive `lab`, or undefined when it can. */
export const targetProblem = (tree: ReadonlyArray<FolderNode>, lab: Movable, target: string | null): TargetProblem | undefined => {
  if (target === lab.parent) return "current"
  if (lab.is_dir && target !== null && folderAndInside(tree, lab.id).has(target)) return "inside"
  return undefined
}

/** The ids of the folders from the top down to `id`, to open the tree where the lab lives. */
export const pathTo = (tree: ReadonlyArray<FolderNode>, id: string | null): ReadonlyArray<string> => {
  const search = (nodes: ReadonlyArray<FolderNode>, trail: ReadonlyArray<string>): ReadonlyArray<string> | undefined => {
    for (const node of nodes) {
      const here = node.id === null ? trail : [...trail, node.id]
      if (node.id === id) return here
      const below = search(node.sub_dirs, here)
      if (below) return below
    }
    return undefined
  }
  return id === null ? [] : (search(tree, []) ?? [])
}
