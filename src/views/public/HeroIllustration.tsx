// The landing page's product picture: a slide open in the viewer, with drawing tools, a stained
// tissue field, an annotated region and an AI analysis card. Pure SVG/CSS, drawn from a fixed seed.
import { useMemo } from "react"
import { useT } from "../../i18n/index.ts"
import { cx, ImageIcon, MapPinIcon, MessageIcon, PenIcon, ScanIcon } from "../ui/index.ts"
import * as css from "./HeroIllustration.css.ts"
import { seededRandom } from "./seeded-random.ts"

interface Cell {
  x: number
  y: number
  r: number
  squash: number
  angle: number
  dark: boolean
}

const WIDTH = 560
const HEIGHT = 360

const tissue = (): Cell[] => {
  const next = seededRandom(42)
  const cells: Cell[] = []
  let attempts = 0
  while (cells.length < 240 && attempts < 8000) {
    attempts++
    const x = next() * WIDTH
    const y = next() * HEIGHT
    // Two glands (denser rings of cells) make the field read as tissue rather than noise.
    const gland = [
      { cx: 190, cy: 150, r: 70 },
      { cx: 410, cy: 230, r: 55 }
    ].find((g) => Math.abs(Math.hypot(x - g.cx, y - g.cy) - g.r) < 16)
    const r = gland ? 6 + next() * 3 : 5 + next() * 6
    if (!gland && next() < 0.35) continue
    if (cells.some((c) => Math.hypot(c.x - x, c.y - y) < c.r + r + 1.5)) continue
    cells.push({ x, y, r, squash: 0.65 + next() * 0.35, angle: next() * 180, dark: Boolean(gland) || next() < 0.3 })
  }
  return cells
}

export const HeroIllustration = () => {
  const t = useT()
  const cells = useMemo(tissue, [])
  return (
    <figure className={css.frame} role="img" aria-label={t("public.landing.heroAlt")} style={{ margin: 0 }}>
      <div className={css.chrome} aria-hidden="true">
        <span className={css.dot} />
        <span className={css.dot} />
        <span className={css.dot} />
        <span className={css.chromeTitle}>
          <ImageIcon size={13} />
          {t("public.landing.heroViewer")}
        </span>
      </div>
      <div className={css.stage} aria-hidden="true">
        <div className={css.tools}>
          <span className={cx(css.tool, css.toolActive)}>
            <PenIcon size={16} />
          </span>
          <span className={css.tool}>
            <ScanIcon size={16} />
          </span>
          <span className={css.tool}>
            <MapPinIcon size={16} />
          </span>
          <span className={css.tool}>
            <MessageIcon size={16} />
          </span>
        </div>
        <div className={css.canvas}>
          <svg width="100%" height="100%" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="xMidYMid slice">
            <defs>
              <radialGradient id="hero-stroma" cx="0.4" cy="0.4" r="0.8">
                <stop offset="0" stopColor="#fbeef4" />
                <stop offset="1" stopColor="#f2d9e5" />
              </radialGradient>
            </defs>
            <rect width={WIDTH} height={HEIGHT} fill="url(#hero-stroma)" />
            <path d="M-20 300 C 120 250, 220 330, 360 290 S 560 250, 600 270" stroke="#ecc3d6" strokeWidth="26" fill="none" opacity="0.7" />
            <path d="M-20 60 C 90 90, 200 20, 320 60 S 520 110, 600 70" stroke="#efcadb" strokeWidth="18" fill="none" opacity="0.6" />
            {cells.map((c) => (
              <g key={`${c.x}:${c.y}`} transform={`translate(${c.x.toFixed(1)} ${c.y.toFixed(1)}) rotate(${c.angle.toFixed(0)})`}>
                <ellipse rx={c.r * 1.5} ry={c.r * 1.5 * c.squash} fill={c.dark ? "#e7a6c4" : "#eebcd2"} opacity="0.75" />
                <ellipse rx={c.r * 0.75} ry={c.r * 0.75 * c.squash} fill={c.dark ? "#5b3d8f" : "#8a67b8"} opacity={c.dark ? 0.9 : 0.7} />
              </g>
            ))}
            <path
              d="M130 95 L215 70 L280 115 L272 200 L205 232 L135 205 L112 150 Z"
              fill="rgba(29, 78, 216, 0.10)"
              stroke="#1d4ed8"
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeDasharray="8 6"
            />
            {[
              [130, 95],
              [215, 70],
              [280, 115],
              [272, 200],
              [205, 232],
              [135, 205],
              [112, 150]
            ].map(([x, y]) => (
              <circle key={`${x}-${y}`} cx={x} cy={y} r="4.5" fill="#fff" stroke="#1d4ed8" strokeWidth="2" />
            ))}
          </svg>
          <span className={css.chip} style={{ left: "41%", top: "13%" }}>
            <PenIcon size={12} />
            {t("public.landing.heroAnnotation")}
          </span>
          <div className={css.minimap}>
            <div className={css.minimapView} />
          </div>
          <div className={css.countCard}>
            <span className={css.countIcon}>
              <MapPinIcon size={16} />
            </span>
            <span>
              <span className={css.countTitle} style={{ display: "block" }}>
                {t("public.landing.heroCount")}
              </span>
              <span className={css.countSub}>Tumour · 128</span>
            </span>
          </div>
        </div>
      </div>
    </figure>
  )
}
