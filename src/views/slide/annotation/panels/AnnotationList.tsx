// Every annotation of the slide, filtered by label and by author: its name (when it has one, and a
// lock when locked), its kind and label, its
// measurement (µm² / mm² and µm with the slide's scale, px otherwise), its author and time; a
// commented one shows its comment first (whole in the row's tooltip and, once chosen, in the panel).
// Choosing one flies the viewer to it; N and P step to the next and previous. The selected ones
// (one, or several boxed on the slide) are highlighted, and the head says how many. Windowed: only the
// rows in view (and a few either side) are rendered, and their measurements are worked out only
// then, so 100,000 annotations cost one array of ids.
import type OpenSeadragon from "openseadragon"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { isLocked } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { type Locale, useLocale, useT } from "../../../../i18n/index.ts"
import { ChevronLeftIcon, ChevronRightIcon, EyeIcon, EyeOffIcon, LockIcon, MessageIcon } from "../../../ui/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import * as css from "./panels.css.ts"
import { commentOf, focusBox, isCommentPin, type LabelRow, type MeasureWords, measureText } from "./records.ts"

/** Every row is this tall (two lines), which is what makes windowing a division. */
export const ROW_PX = 46
/** Rows rendered beyond each edge of the view, so a fast scroll shows no gap. */
const OVERSCAN = 6

export interface AnnotationListProps {
  readonly view: AnnotationsView
  readonly viewer: OpenSeadragon.Viewer | null
  readonly mpp: number | null
  /** Bumped by every change of the store. */
  readonly version: number
  readonly labels: ReadonlyArray<LabelRow>
  readonly authors: ReadonlyMap<string, string>
  /** When an annotation was made, as far as the page knows. */
  readonly timeOf: (id: string) => string | undefined
  readonly me: string | null
}

const timeFormat = (locale: Locale) =>
  new Intl.DateTimeFormat(locale === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })

export const AnnotationList = ({ view, viewer, mpp, version, labels, authors, timeOf, me }: AnnotationListProps) => {
  const t = useT()
  const { locale } = useLocale()
  const store = view.store
  const [labelFilter, setLabelFilter] = useState("")
  const [authorFilter, setAuthorFilter] = useState("")
  const [current, setCurrent] = useState<string | null>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(400)
  const viewportRef = useRef<HTMLDivElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is read again whenever its version moves
  const ids = useMemo(() => {
    const out: Array<string> = []
    for (const shape of store.all()) {
      if (labelFilter !== "" && shape.labelId !== labelFilter) continue
      if (authorFilter !== "" && shape.author?.id !== authorFilter) continue
      out.push(shape.id)
    }
    return out
  }, [store, version, labelFilter, authorFilter])

  useEffect(() => {
    const element = viewportRef.current
    if (element === null) return
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    observer.observe(element)
    setHeight(element.clientHeight)
    return () => observer.disconnect()
  }, [])

  const number = useMemo(() => {
    const cache = new Map<number, Intl.NumberFormat>()
    return (n: number, digits = 0) => {
      let format = cache.get(digits)
      if (format === undefined) {
        format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits })
        cache.set(digits, format)
      }
      return format.format(n)
    }
  }, [locale])
  const words: MeasureWords = useMemo(
    () => ({
      area: t("viewer.annotationPanel.area"),
      perimeter: t("viewer.annotationPanel.perimeter"),
      length: t("viewer.annotationPanel.length"),
      points: (count) => t("viewer.annotationPanel.points", { count })
    }),
    [t]
  )
  const times = useMemo(() => timeFormat(locale), [locale])
  // Measurements of the rows shown so far, by the shape itself (every change makes a new one: an id
  // and version are not enough, since an undone deletion brings an id back at version 1), for the
  // slide's scale and the language they were made for: scrolling back costs nothing.
  const measured = useRef({ mpp, locale, byShape: new WeakMap<Shape, ReturnType<typeof measureText>>() })
  if (measured.current.mpp !== mpp || measured.current.locale !== locale) measured.current = { mpp, locale, byShape: new WeakMap() }
  const measurementOf = (shape: Shape) => {
    let m = measured.current.byShape.get(shape)
    if (m === undefined) {
      m = measureText(shape, mpp, number, words)
      measured.current.byShape.set(shape, m)
    }
    return m
  }

  const flyTo = useCallback(
    (id: string) => {
      const shape = store.get(id)
      if (shape === undefined) return
      setCurrent(id)
      view.highlight(id)
      if (viewer !== null) {
        const { x: width, y: height } = viewer.viewport.getContainerSize()
        const box = focusBox(shape.bbox, { width, height })
        viewer.viewport.fitBounds(viewer.viewport.imageToViewportRectangle(box.x, box.y, box.width, box.height))
      }
    },
    [store, view, viewer]
  )

  const scrollIntoView = useCallback((index: number) => {
    const element = viewportRef.current
    if (element === null) return
    const top = index * ROW_PX
    if (top < element.scrollTop) element.scrollTop = top
    else if (top + ROW_PX > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_PX - element.clientHeight
  }, [])

  // One shape chosen on the slide: its row comes into view, as QuPath's list follows its selection.
  const sole = view.selection.size === 1 ? [...view.selection][0]! : null
  useEffect(() => {
    if (sole === null) return
    const index = ids.indexOf(sole)
    if (index !== -1) scrollIntoView(index)
  }, [sole, ids, scrollIntoView])

  const step = useCallback(
    (by: 1 | -1) => {
      if (ids.length === 0) return
      const at = current === null ? -1 : ids.indexOf(current)
      const next = at === -1 ? (by === 1 ? 0 : ids.length - 1) : (at + by + ids.length) % ids.length
      flyTo(ids[next]!)
      scrollIntoView(next)
    },
    [ids, current, flyTo, scrollIntoView]
  )

  // N and P anywhere on the page, unless typing or a modifier is held.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target as HTMLElement | null
      if (
        target !== null &&
        (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)
      )
        return
      const key = event.key.toLowerCase()
      if (key !== "n" && key !== "p") return
      event.preventDefault()
      step(key === "n" ? 1 : -1)
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [step])

  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN)
  const last = Math.min(ids.length, Math.ceil((scrollTop + height) / ROW_PX) + OVERSCAN)
  const labelName = (row: LabelRow) =>
    row.virtual && row.name.toLowerCase() === "uncategorized" ? t("viewer.annotationPanel.uncategorized") : row.name
  const authorName = (shape: Shape) =>
    shape.author === null
      ? t("viewer.annotationPanel.unsaved")
      : shape.author.id === me
        ? t("viewer.annotationPanel.you")
        : shape.author.name || shape.author.email
  const hiddenLabels = view.labels.getSnapshot().context.hidden

  return (
    <section className={css.listSection} aria-labelledby="annotation-list-title" data-testid="annotation-list">
      <div className={css.listHead}>
        <div className={css.sectionHead}>
          <h2 id="annotation-list-title" className={css.heading}>
            {t("viewer.annotationPanel.list")}
          </h2>
          <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
            {view.selection.size > 0 && (
              <span className={css.selectionCount} data-testid="annotation-list-selected">
                {t("viewer.selection.count", { count: view.selection.size })}
              </span>
            )}
            <span className={css.count} data-testid="annotation-list-count">
              {t("viewer.annotationPanel.listCount", { shown: ids.length.toLocaleString(), total: store.size.toLocaleString() })}
            </span>
          </span>
        </div>
        <div className={css.filters}>
          <select
            className={css.select}
            aria-label={t("viewer.annotationPanel.filterLabel")}
            value={labelFilter}
            onChange={(event) => setLabelFilter(event.target.value)}
          >
            <option value="">{t("viewer.annotationPanel.allLabels")}</option>
            {labels.map((row) => (
              <option key={row.id} value={row.id}>
                {labelName(row)}
              </option>
            ))}
          </select>
          <select
            className={css.select}
            aria-label={t("viewer.annotationPanel.filterAuthor")}
            value={authorFilter}
            onChange={(event) => setAuthorFilter(event.target.value)}
          >
            <option value="">{t("viewer.annotationPanel.allAuthors")}</option>
            {[...authors].map(([id, name]) => (
              <option key={id} value={id}>
                {id === me ? t("viewer.annotationPanel.you") : name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div ref={viewportRef} className={css.viewport} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
        {ids.length === 0 ? (
          <p className={css.empty}>{store.size === 0 ? t("viewer.annotationPanel.empty") : t("viewer.annotationPanel.emptyFiltered")}</p>
        ) : (
          <ul className={css.spacer} style={{ height: ids.length * ROW_PX, margin: 0, padding: 0, listStyle: "none" }}>
            {ids.slice(first, last).map((id, offset) => {
              const shape = store.get(id)
              if (shape === undefined) return null
              const index = first + offset
              const label = labels.find((row) => row.id === shape.labelId)
              const name = label ? labelName(label) : shape.labelName
              const kind = t(`viewer.annotationPanel.kinds.${shape.kind}`)
              const m = measurementOf(shape)
              const time = timeOf(id)
              const shown = store.isShown(shape)
              // Hidden or shown on this screen (a label hidden hides it too, but that is the label's button).
              const visible = store.isVisible(shape)
              const author = authorName(shape)
              const comment = commentOf(shape)
              // A comment pin's "1 point" says nothing: its comment is what it is.
              const pin = isCommentPin(shape)
              const measured = `${m.full}${m.pixels ? ` (${t("viewer.annotationPanel.inPixels")})` : ""}`
              const selected = view.selection.has(id)
              // Its own name (QuPath's), when it has one, before its label; a lock shown as one.
              const own = shape.props?.name
              const locked = isLocked(shape)
              return (
                <li
                  key={id}
                  className={css.row}
                  style={{ top: index * ROW_PX, height: ROW_PX }}
                  data-current={id === current}
                  data-selected={selected}
                  data-testid="annotation-row"
                  data-id={id}
                  data-label={shape.labelName}
                >
                  <button
                    type="button"
                    className={css.rowButton}
                    data-hidden={!shown}
                    aria-current={id === current ? "true" : undefined}
                    title={comment === null ? measured : pin ? comment : `${comment}\n${measured}`}
                    onClick={() => flyTo(id)}
                  >
                    <span className={css.swatch} style={{ background: shape.color }} />
                    {comment === null ? (
                      <span className={css.rowTitle}>
                        {locked && (
                          <>
                            <LockIcon size={11} className={css.commentIcon} data-testid="annotation-locked" />
                            <span className={css.visuallyHidden}>{t("viewer.props.lockedBadge")}: </span>
                          </>
                        )}
                        {own ? (
                          <>
                            <span data-testid="annotation-name">{own}</span> <span className={css.kind}>· {name}</span>
                          </>
                        ) : (
                          <>
                            {name} <span className={css.kind}>· {kind}</span>
                          </>
                        )}
                      </span>
                    ) : (
                      <span className={css.rowTitle}>
                        <MessageIcon size={12} className={css.commentIcon} />
                        <span data-testid="annotation-comment">{comment}</span>
                      </span>
                    )}
                    <span className={css.rowMeasure} data-testid="annotation-measure">
                      {pin ? "" : m.main}
                    </span>
                    <span className={css.rowMeta}>
                      {comment === null ? "" : `${name} · `}
                      {author}
                      {time ? ` · ${times.format(new Date(time))}` : ""}
                      {selected && <span className={css.visuallyHidden}>, {t("viewer.selection.selected")}</span>}
                    </span>
                  </button>
                  <button
                    type="button"
                    className={css.iconButton}
                    aria-label={t(visible ? "viewer.annotationPanel.hideAnnotation" : "viewer.annotationPanel.showAnnotation")}
                    title={t(visible ? "viewer.annotationPanel.hideAnnotation" : "viewer.annotationPanel.showAnnotation")}
                    disabled={hiddenLabels.includes(shape.labelId)}
                    onClick={() => view.toggleVisible(shape)}
                  >
                    {visible ? <EyeIcon size={14} /> : <EyeOffIcon size={14} />}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </div>

      <div className={css.footer}>
        <span>{t("viewer.annotationPanel.stepHint")}</span>
        <span style={{ display: "inline-flex", gap: 2 }}>
          <button
            type="button"
            className={css.iconButton}
            aria-label={t("viewer.annotationPanel.previous")}
            title={t("viewer.annotationPanel.previous")}
            disabled={ids.length === 0}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon size={15} />
          </button>
          <button
            type="button"
            className={css.iconButton}
            aria-label={t("viewer.annotationPanel.next")}
            title={t("viewer.annotationPanel.next")}
            disabled={ids.length === 0}
            onClick={() => step(1)}
          >
            <ChevronRightIcon size={15} />
          </button>
        </span>
      </div>
    </section>
  )
}
