// The Preparat mark (same drawing as public/favicon.svg: a stained specimen in a blue tile) and wordmark.
import { useId } from "react"

export interface LogoProps {
  /** Show the "Preparat" wordmark next to the mark. */
  wordmark?: boolean
  size?: number
  /** Colour of the wordmark (the mark keeps its brand colours). */
  color?: string
  className?: string
}

export const Logo = ({ wordmark = true, size = 28, color = "currentColor", className }: LogoProps) => {
  const gradient = useId()
  return (
    <span className={className} style={{ display: "inline-flex", alignItems: "center", gap: 10, color }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flex: "none" }}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2563eb" />
            <stop offset="1" stopColor="#1d4ed8" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="7" fill={`url(#${gradient})`} />
        <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="2.5" />
        <circle cx="13.5" cy="14" r="2" fill="#f9a8d4" />
        <circle cx="18.5" cy="18.5" r="2.4" fill="#c4b5fd" />
      </svg>
      {wordmark && (
        <span style={{ fontWeight: 650, fontSize: Math.round(size * 0.62), letterSpacing: "-0.02em", lineHeight: 1 }}>Preparat</span>
      )}
    </span>
  )
}
