// Why an uploaded image cannot become a slide. The reason is what the client shows (and what a
// job records); the message keeps libvips's own words for the log.

export type RejectionReason = "corrupt" | "too-large" | "unsupported"

export class ImageRejected extends Error {
  readonly reason: RejectionReason

  constructor(reason: RejectionReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "ImageRejected"
    this.reason = reason
  }
}

/** Sorts a sharp/libvips failure into a reason; file-system errors (ENOENT, EACCES) are not the image's fault. */
export const rejectionOf = (error: unknown): ImageRejected | undefined => {
  if (error instanceof ImageRejected) return error
  if (!(error instanceof Error) || "code" in error) return undefined
  const message = error.message
  if (/exceeds pixel limit/i.test(message)) return new ImageRejected("too-large", message, { cause: error })
  if (/unsupported image format/i.test(message)) return new ImageRejected("unsupported", message, { cause: error })
  return new ImageRejected("corrupt", message, { cause: error })
}
