// Below the 960 px breakpoint the sidebar is a drawer, closed by default: a modal <dialog> sliding in
// from the left. showModal() makes the page behind it inert (focus stays inside), Escape and a click on
// the dimmed page close it, and focus goes back to the button that opened it.
import { type KeyboardEvent, useEffect, useRef } from "react"
import { useT } from "../../i18n/index.ts"
import { focusableIn } from "../ui/Dialog.tsx"
import * as css from "./Sidebar.css.ts"
import { Sidebar } from "./Sidebar.tsx"

export interface NavDrawerProps {
  open: boolean
  onClose: () => void
  /** The current path without locale prefix. */
  path: string
}

export const NavDrawer = ({ open, onClose, path }: NavDrawerProps) => {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // Start on the page you are on, the way back to where you were.
    dialog.querySelector<HTMLElement>("[aria-current='page']")?.focus()
    return () => {
      dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  // Past the last control Tab would leave for the browser's own interface: it wraps instead.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return
    const items = focusableIn(ref.current)
    const [first, last] = [items[0], items[items.length - 1]]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={css.drawer}
      aria-label={t("shell.nav.label")}
      data-testid="nav-drawer"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={trapTab}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <Sidebar expanded hydrated path={path} onClose={onClose} />
    </dialog>
  )
}
