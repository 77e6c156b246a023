// A modal dialog on the native <dialog>: showModal() makes the page behind it inert and puts it in the
// top layer (no z-index wars). On top of that we keep Tab inside the dialog, turn Escape and backdrop
// clicks into onClose (the parent owns `open`), and give focus back to whatever opened it.
import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react"
import { useT } from "../../i18n/index.ts"
import { Button } from "./Button.tsx"
import * as css from "./Dialog.css.ts"
import { cx } from "./cx.ts"
import { XIcon } from "./icons.tsx"

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Width in px (the member dialog is 534). */
  width?: number
  className?: string
  /** Clicking the dimmed page closes the dialog unless this is false (e.g. while saving). */
  dismissible?: boolean
}

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])"
].join(",")

export const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter((el) => !el.closest("[inert]") && el.getClientRects().length > 0)

export const Dialog = ({ open, onClose, title, description, children, footer, width, className, dismissible = true }: DialogProps) => {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // showModal() focuses the first focusable element, which is the close button; a form dialog should
    // start in its first field instead (or wherever the content asks with data-autofocus).
    const body = dialog.querySelector<HTMLElement>("[data-dialog-body]")
    const preferred = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? (body ? focusableIn(body)[0] : undefined)
    preferred?.focus()
    return () => {
      dialog.close()
      opener?.focus()
    }
  }, [open])

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return
    const items = focusableIn(ref.current)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return event.preventDefault()
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
      className={cx(css.dialog, className)}
      style={width ? ({ "--dialog-width": `${width}px` } as CSSProperties) : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: keep the element mounted until the parent says so.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={trapTab}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose()
      }}
    >
      <div className={css.header}>
        <div>
          <h2 id={titleId} className={css.title}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className={css.description}>
              {description}
            </p>
          )}
        </div>
        <Button variant="ghost" size="sm" iconOnly aria-label={t("common.close")} onClick={onClose} className={css.close}>
          <XIcon size={16} />
        </Button>
      </div>
      <div className={css.body} data-dialog-body="">
        {children}
      </div>
      {footer && <div className={css.footer}>{footer}</div>}
    </dialog>
  )
}
