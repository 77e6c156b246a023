// Transient notices ("Folder created", realtime chat messages). Each lasts durationMs (5000 by
// default), pauses while hovered, and can be dismissed. Errors are announced assertively.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react"
import { useT } from "../../i18n/index.ts"
import { Button } from "./Button.tsx"
import { cx } from "./cx.ts"
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from "./icons.tsx"
import * as css from "./Toast.css.ts"

export type ToastKind = "success" | "error" | "info"

export interface ToastOptions {
  kind: ToastKind
  title: string
  message?: string
  durationMs?: number
  /** One button on the notice, e.g. "Undo"; the notice closes when it is pressed. */
  action?: { readonly label: string; readonly onClick: () => void }
}

interface ToastItem extends Required<Omit<ToastOptions, "message" | "action">> {
  id: number
  message?: string
  action?: ToastOptions["action"]
}

export interface ToastApi {
  toast: (options: ToastOptions) => number
  dismiss: (id: number) => void
}

export const DEFAULT_TOAST_MS = 5000
const MAX_VISIBLE = 4

const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ReadonlyArray<ToastItem>>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), [])
  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++
    const item: ToastItem = { durationMs: DEFAULT_TOAST_MS, ...options, id }
    setItems((list) => [...list, item].slice(-MAX_VISIBLE))
    return id
  }, [])
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion items={items} dismiss={dismiss} />
    </ToastContext.Provider>
  )
}

export const useToast = (): ToastApi => {
  const api = useContext(ToastContext)
  if (!api) throw new Error("useToast needs a <ToastProvider> above it")
  return api
}

const icons = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoIcon }

const ToastRegion = ({ items, dismiss }: { items: ReadonlyArray<ToastItem>; dismiss: (id: number) => void }) => {
  const t = useT()
  const ref = useRef<HTMLElement>(null)
  // The region is a manual popover so it lives in the top layer: a modal <dialog> would otherwise
  // cover notices raised from inside it. Re-showing it on each change puts it above a newer dialog.
  useEffect(() => {
    const region = ref.current
    if (!region || typeof region.showPopover !== "function") return
    if (region.matches(":popover-open")) region.hidePopover()
    if (items.length > 0) region.showPopover()
  }, [items])
  return (
    <section ref={ref} popover="manual" aria-label={t("common.notificationsRegion")} className={css.region}>
      {items.map((item) => (
        <ToastCard key={item.id} item={item} onDismiss={() => dismiss(item.id)} dismissLabel={t("common.dismiss")} />
      ))}
    </section>
  )
}

const ToastCard = ({ item, onDismiss, dismissLabel }: { item: ToastItem; onDismiss: () => void; dismissLabel: string }) => {
  const Icon = icons[item.kind]
  const paused = usePausableTimer(item.durationMs, onDismiss)
  return (
    <div
      role={item.kind === "error" ? "alert" : "status"}
      aria-atomic="true"
      className={css.toast}
      onMouseEnter={paused.pause}
      onMouseLeave={paused.resume}
      onFocus={paused.pause}
      onBlur={paused.resume}
    >
      <Icon size={18} className={css.icon[item.kind]} />
      <div className={css.body}>
        <div className={css.title}>{item.title}</div>
        {item.message && <div className={css.message}>{item.message}</div>}
      </div>
      {item.action && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            item.action?.onClick()
            onDismiss()
          }}
          style={{ marginTop: -4 }}
        >
          {item.action.label}
        </Button>
      )}
      <Button variant="ghost" size="sm" iconOnly aria-label={dismissLabel} onClick={onDismiss} style={{ marginTop: -4, marginRight: -4 }}>
        <XIcon size={14} />
      </Button>
      {item.durationMs > 0 && (
        <span
          aria-hidden="true"
          className={cx(css.timer, css.timerKind[item.kind])}
          style={{ animationDuration: `${item.durationMs}ms`, animationPlayState: paused.isPaused ? "paused" : "running" }}
        />
      )}
    </div>
  )
}

/** A timeout that can be paused and resumed; the bar is only a picture of it (reduced motion skips the bar, not the time). */
const usePausableTimer = (durationMs: number, onDone: () => void) => {
  const [isPaused, setPaused] = useState(false)
  const remaining = useRef(durationMs)
  const startedAt = useRef(0)
  const done = useRef(onDone)
  done.current = onDone
  useEffect(() => {
    if (durationMs <= 0 || isPaused) return
    startedAt.current = Date.now()
    const timer = window.setTimeout(() => done.current(), remaining.current)
    return () => {
      window.clearTimeout(timer)
      remaining.current -= Date.now() - startedAt.current
    }
  }, [durationMs, isPaused])
  return { isPaused, pause: () => setPaused(true), resume: () => setPaused(false) }
}
