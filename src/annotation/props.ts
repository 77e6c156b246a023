// An annotation's own facts beside its shape and label: QuPath's name, description and lock, and the
// W3C creator and creation time an imported file brought (src/contract/annotations.ts keeps them as
// top-level keys of the W3C `data`; docs/annotation-interchange.md maps them to the files). Shared by
// the server (the compact read's `props` column) and the viewer (its shapes, the edit panel).
import type { WebAnnotation } from "../contract/annotations.ts"

export type AnnotationProps = Pick<WebAnnotation, "name" | "description" | "locked" | "creator" | "created">

const NONE: AnnotationProps = Object.freeze({})

/** Only the keys that say something: a name or description that is not blank, a lock that is on. */
export const propsOf = (data: AnnotationProps): AnnotationProps => {
  const name = data.name?.trim()
  const description = data.description?.trim()
  const out: AnnotationProps = {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(data.locked === true ? { locked: true } : {}),
    ...(data.creator && (data.creator.name || data.creator.id) ? { creator: data.creator } : {}),
    ...(data.created ? { created: data.created } : {})
  }
  return Object.keys(out).length === 0 ? NONE : out
}

export const hasProps = (props: AnnotationProps | undefined): props is AnnotationProps =>
  props !== undefined && Object.keys(props).length > 0

/** Whether two say the same (the creator compared by its parts). */
export const sameProps = (a: AnnotationProps | undefined, b: AnnotationProps | undefined): boolean => {
  const x = propsOf(a ?? NONE)
  const y = propsOf(b ?? NONE)
  return (
    x.name === y.name &&
    x.description === y.description &&
    x.locked === y.locked &&
    x.created === y.created &&
    x.creator?.name === y.creator?.name &&
    x.creator?.id === y.creator?.id &&
    x.creator?.type === y.creator?.type
  )
}

/** `props` with `patch` laid over it, only what says something kept (an emptied name goes). */
export const withPatch = (props: AnnotationProps | undefined, patch: AnnotationProps): AnnotationProps => propsOf({ ...props, ...patch })

/** Whether a shape's props lock it (QuPath's isLocked): not moved, reshaped or deleted until unlocked. */
export const isLocked = (shape: { readonly props?: AnnotationProps }): boolean => shape.props?.locked === true
