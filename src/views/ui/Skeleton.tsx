// A placeholder shape while content loads. Hidden from assistive tech: the surrounding region says "busy".
import type { CSSProperties } from "react"
import { cx } from "./cx.ts"
import * as css from "./Skeleton.css.ts"

export interface SkeletonProps {
  width?: CSSProperties["width"]
  height?: CSSProperties["height"]
  radius?: CSSProperties["borderRadius"]
  className?: string
}

export const Skeleton = ({ width = "100%", height = 12, radius, className }: SkeletonProps) => (
  <span aria-hidden="true" className={cx(css.skeleton, className)} style={{ width, height, borderRadius: radius }} />
)
