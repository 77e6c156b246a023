// A blob URL for showing a picked file (the avatar preview), revoked when the file changes or the
// component goes away, so previews do not leak memory.
import { useEffect, useState } from "react"

export const useObjectUrl = (file: Blob | null): string | null => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (file === null) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}
