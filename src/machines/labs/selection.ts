// Which labs of a list are selected, as a file manager does it: a click selects one, Ctrl/Cmd-click
// adds or removes one, Shift-click selects the run from the last clicked lab (the anchor).
// Pure functions of the list's order, so they are tested apart from any machine.

export interface Selection {
  /** In list order. */
  readonly ids: ReadonlyArray<string>
  /** Where a Shift-click range starts. */
  readonly anchor: string | null
}

export type SelectMode = "only" | "toggle" | "range"

export const noSelection: Selection = { ids: [], anchor: null }

const inOrder = (order: ReadonlyArray<string>, ids: ReadonlySet<string>) => order.filter((id) => ids.has(id))

export const select = (selection: Selection, order: ReadonlyArray<string>, id: string, mode: SelectMode): Selection => {
  if (!order.includes(id)) return selection
  if (mode === "toggle") {
    const ids = new Set(selection.ids)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    return { ids: inOrder(order, ids), anchor: id }
  }
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor)
  if (mode === "range" && from >= 0) {
    const to = order.indexOf(id)
    const [start, end] = from <= to ? [from, to] : [to, from]
    return { ids: order.slice(start, end + 1), anchor: selection.anchor }
  }
  return { ids: [id], anchor: id }
}

export const selectAll = (order: ReadonlyArray<string>): Selection => ({ ids: [...order], anchor: order[0] ?? null })

/** After the list changed (reload, removal): only what is still there stays selected. */
export const keepListed = (selection: Selection, order: ReadonlyArray<string>): Selection => {
  const listed = new Set(order)
  const ids = selection.ids.filter((id) => listed.has(id))
  const anchor = selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null
  return ids.length === selection.ids.length && anchor === selection.anchor ? selection : { ids, anchor }
}
