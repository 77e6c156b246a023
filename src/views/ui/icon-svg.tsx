// The frame every stroke icon shares: a 24 px grid, 1.75 px strokes (Lucide-compatible geometry),
// drawn in `currentColor`, decorative by default (aria-hidden).
import type { ReactNode, SVGProps } from "react"

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number }

/** The shared frame of every stroke icon. */
export const Svg = ({ size = 16, children, ...props }: IconProps & { children: ReactNode }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
)
