// A decorative field of view: a round microscope field with stained cells and a reticle, drawn in
// SVG from a fixed seed (same picture on every render, no image download).
import { useMemo } from "react"
import { seededRandom } from "../public/seeded-random.ts"

interface Cell {
  x: number
  y: number
  rx: number
  ry: number
  rotate: number
  tone: number
}

const makeCells = (count: number, radius: number): Cell[] => {
  const next = seededRandom(7)
  const cells: Cell[] = []
  while (cells.length < count) {
    const angle = next() * Math.PI * 2
    const distance = Math.sqrt(next()) * (radius - 14)
    const x = Math.cos(angle) * distance
    const y = Math.sin(angle) * distance
    const rx = 7 + next() * 9
    if (cells.some((c) => Math.hypot(c.x - x, c.y - y) < c.rx + rx + 2)) continue
    cells.push({ x, y, rx, ry: rx * (0.7 + next() * 0.3), rotate: next() * 180, tone: Math.floor(next() * 3) })
  }
  return cells
}

const tones = [
  { body: "rgba(249, 168, 212, 0.16)", nucleus: "rgba(196, 181, 253, 0.75)" },
  { body: "rgba(196, 181, 253, 0.14)", nucleus: "rgba(167, 139, 250, 0.7)" },
  { body: "rgba(255, 255, 255, 0.08)", nucleus: "rgba(249, 168, 212, 0.7)" }
]

export const MicroscopyMotif = ({ size = 420, className }: { size?: number; className?: string }) => {
  const radius = 200
  const cells = useMemo(() => makeCells(58, radius), [])
  return (
    <svg className={className} width={size} height={size} viewBox="-220 -220 440 440" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="motif-field" r="0.5">
          <stop offset="0.6" stopColor="rgba(255,255,255,0.10)" />
          <stop offset="1" stopColor="rgba(255,255,255,0.02)" />
        </radialGradient>
        <clipPath id="motif-clip">
          <circle r={radius} />
        </clipPath>
      </defs>
      <circle r={radius} fill="url(#motif-field)" stroke="rgba(255,255,255,0.28)" strokeWidth="1.5" />
      <g clipPath="url(#motif-clip)">
        {cells.map((c) => (
          <g key={`${c.x}:${c.y}`} transform={`translate(${c.x.toFixed(1)} ${c.y.toFixed(1)}) rotate(${c.rotate.toFixed(0)})`}>
            <ellipse rx={c.rx} ry={c.ry} fill={tones[c.tone]!.body} stroke="rgba(255,255,255,0.18)" strokeWidth="0.8" />
            <ellipse rx={c.rx * 0.42} ry={c.ry * 0.38} cx={c.rx * 0.12} fill={tones[c.tone]!.nucleus} />
          </g>
        ))}
        <path
          d="M-60 -70 L10 -95 L70 -40 L55 30 L-15 45 L-70 -5 Z"
          fill="rgba(96, 165, 250, 0.12)"
          stroke="#93c5fd"
          strokeWidth="2"
          strokeDasharray="6 5"
        />
      </g>
      <g stroke="rgba(255,255,255,0.35)" strokeWidth="1">
        <circle r={radius + 10} fill="none" strokeDasharray="2 8" />
        <path d="M0 -214 V-196 M0 196 V214 M-214 0 H-196 M196 0 H214" />
      </g>
    </svg>
  )
}
