// A person's picture, or their initials on a stable tint when there is none (or it fails to load).
import { useState } from "react"
import * as css from "./Avatar.css.ts"
import { avatarImage, avatarTint, initialsOf } from "./avatar-rules.ts"
import { cx } from "./cx.ts"

export type AvatarSize = 40 | 36 | 28

export interface AvatarProps {
  name?: string | null
  src?: string | null
  size?: AvatarSize
  className?: string
  /** Decorative when the name is printed next to it (the default); otherwise an image with the name as alt. */
  decorative?: boolean
}

export const Avatar = ({ name, src, size = 36, className, decorative = true }: AvatarProps) => {
  const image = avatarImage(src)
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = image !== null && failed !== image
  const tint = css.tints[avatarTint(name ?? "", css.tints.length)]
  const classes = cx(css.root, css.size[size], !showImage && tint, className)
  const content = showImage ? <img className={css.image} src={image} alt="" onError={() => setFailed(image)} /> : initialsOf(name)
  return decorative ? (
    <span className={classes} aria-hidden="true">
      {content}
    </span>
  ) : (
    <span className={classes} role="img" aria-label={name ?? initialsOf(name)}>
      {content}
    </span>
  )
}
