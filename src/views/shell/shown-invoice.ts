// The invoice on screen, for the header's breadcrumb: the path knows only the invoice's id, the
// invoice page knows its number ("INV-2026-000042") once it has loaded, and publishes it here while
// it is shown, so the breadcrumb reads "Invoice INV-…" rather than an id.
import { useEffect, useSyncExternalStore } from "react"

let shown: { readonly id: string; readonly number: string } | undefined
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Publishes the invoice the calling page shows, for as long as it shows it. */
export const useShowInvoice = (id: string, number: string | undefined) => {
  useEffect(() => {
    if (number === undefined) return
    const mine = { id, number }
    shown = mine
    notify()
    return () => {
      if (shown === mine) {
        shown = undefined
        notify()
      }
    }
  }, [id, number])
}

/** The number of the invoice with this id, if it is the one on screen. */
export const useShownInvoiceNumber = (id: string | undefined): string | undefined =>
  useSyncExternalStore(subscribe, () => (id !== undefined && shown?.id === id ? shown.number : undefined))
