// The tool rail on the viewer's left: pan/select and the drawing tools (rectangle, ellipse, polygon,
// freehand, freehand area, brush, wand, point, comment, measure), the AI tool (opens the analysis
// panel: src/views/slide/analysis/), then undo and redo of the user's own
// changes. The active tool is the tools machine's (useAnnotations); the rail only shows it and sends
// the choice, on a click or on the tool's key (1 to 9, B for the brush and W for the wand as in QuPath;
// shortcuts.ts; each tooltip says its key). Without a way to edit (a visitor, a slide still loading) the drawing tools are shown
// unavailable, and so are undo and redo while there is nothing to undo or redo.
import { type ReactNode, useEffect, useRef } from "react"
import { useT } from "../../i18n/index.ts"
import type { KeyPart } from "../../i18n/keys.ts"
import type { Tool } from "../../machines/annotation/tools.machine.ts"
import {
  BrushIcon,
  EllipseIcon,
  HandIcon,
  LassoIcon,
  MapPinIcon,
  MessageIcon,
  PenIcon,
  PolygonIcon,
  RedoIcon,
  RulerIcon,
  SparklesIcon,
  SquareIcon,
  Tooltip,
  UndoIcon,
  WandIcon
} from "../ui/index.ts"
import { isTyping, TOOL_KEYS, toolShortcutOf } from "./shortcuts.ts"
import * as css from "./ToolRail.css.ts"

type ToolKey = KeyPart<"viewer.tools.hints">

const drawingTools: ReadonlyArray<{ readonly tool: Tool; readonly key: ToolKey & KeyPart<"viewer.tools">; readonly icon: ReactNode }> = [
  { tool: "rectangle", key: "rectangle", icon: <SquareIcon size={18} /> },
  { tool: "ellipse", key: "ellipse", icon: <EllipseIcon size={18} /> },
  { tool: "polygon", key: "polygon", icon: <PolygonIcon size={18} /> },
  { tool: "pencil", key: "freehand", icon: <PenIcon size={18} /> },
  { tool: "lasso", key: "freehandArea", icon: <LassoIcon size={18} /> },
  { tool: "brush", key: "brush", icon: <BrushIcon size={18} /> },
  { tool: "wand", key: "wand", icon: <WandIcon size={18} /> },
  { tool: "point", key: "point", icon: <MapPinIcon size={18} /> },
  { tool: "comment", key: "comment", icon: <MessageIcon size={18} /> },
  { tool: "ruler", key: "measure", icon: <RulerIcon size={18} /> }
]

export interface ToolRailProps {
  readonly tool?: Tool
  readonly onChoose?: (tool: Tool) => void
  /** Drawing tools usable (signed in, annotations loaded). */
  readonly canDraw?: boolean
  /** Undo and redo of the user's own changes. */
  readonly history?: { readonly canUndo: boolean; readonly canRedo: boolean; readonly undo: () => void; readonly redo: () => void }
  /** Opens the analysis panel; absent where the user may not run analyses. */
  readonly onAnalysis?: () => void
}

export const ToolRail = ({ tool = "select", onChoose, canDraw = false, history, onAnalysis }: ToolRailProps) => {
  const t = useT()
  const latest = useRef({ onChoose, canDraw })
  latest.current = { onChoose, canDraw }
  const choosable = onChoose !== undefined
  // The tools' keys on the whole page while the rail can choose, except while typing (a comment, a
  // label's name) or when another handler already used the key; a held key chooses once.
  useEffect(() => {
    if (!choosable) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTyping(event.target)) return
      const chosen = toolShortcutOf(event)
      const { onChoose, canDraw } = latest.current
      if (chosen === null || onChoose === undefined || (chosen !== "select" && !canDraw)) return
      event.preventDefault()
      onChoose(chosen)
    }
    window.addEventListener("keydown", onKeyDown)
    return () => window.removeEventListener("keydown", onKeyDown)
  }, [choosable])
  return (
    <div className={css.root} role="toolbar" aria-orientation="vertical" aria-label={t("viewer.tools.label")}>
      <Tooltip content={`${t("viewer.tools.hints.pan")} (${TOOL_KEYS.select})`} placement="right">
        <button
          type="button"
          className={css.tool}
          aria-label={t("viewer.tools.pan")}
          aria-keyshortcuts={TOOL_KEYS.select}
          aria-pressed={tool === "select"}
          data-tool="select"
          onClick={() => onChoose?.("select")}
        >
          <HandIcon size={18} />
        </button>
      </Tooltip>
      <span className={css.divider} aria-hidden="true" />
      {drawingTools.map(({ tool: each, key, icon }) => (
        <Tooltip
          key={key}
          content={canDraw ? `${t(`viewer.tools.hints.${key}`)} (${TOOL_KEYS[each]})` : t(`viewer.tools.${key}`)}
          placement="right"
        >
          <button
            type="button"
            className={css.tool}
            aria-label={t(`viewer.tools.${key}`)}
            aria-keyshortcuts={canDraw ? TOOL_KEYS[each] : undefined}
            aria-pressed={tool === each}
            aria-disabled={!canDraw}
            data-tool={each}
            onClick={() => canDraw && onChoose?.(each)}
          >
            {icon}
          </button>
        </Tooltip>
      ))}
      {onAnalysis && (
        <>
          <span className={css.divider} aria-hidden="true" />
          <Tooltip content={t("viewer.analysis.toolHint")} placement="right">
            <button type="button" className={css.tool} aria-label={t("viewer.analysis.tool")} data-tool="ai" onClick={onAnalysis}>
              <SparklesIcon size={18} />
            </button>
          </Tooltip>
        </>
      )}
      {history && (
        <>
          <span className={css.divider} aria-hidden="true" />
          <Tooltip content={history.canUndo ? t("viewer.edit.undoHint") : t("viewer.edit.nothingToUndo")} placement="right">
            <button
              type="button"
              className={css.tool}
              aria-label={t("viewer.edit.undo")}
              aria-keyshortcuts="Control+Z Meta+Z"
              aria-disabled={!history.canUndo}
              data-testid="undo"
              onClick={() => history.canUndo && history.undo()}
            >
              <UndoIcon size={18} />
            </button>
          </Tooltip>
          <Tooltip content={history.canRedo ? t("viewer.edit.redoHint") : t("viewer.edit.nothingToRedo")} placement="right">
            <button
              type="button"
              className={css.tool}
              aria-label={t("viewer.edit.redo")}
              aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
              aria-disabled={!history.canRedo}
              data-testid="redo"
              onClick={() => history.canRedo && history.redo()}
            >
              <RedoIcon size={18} />
            </button>
          </Tooltip>
        </>
      )}
    </div>
  )
}
