// The document title and meta description of the current page, in the current language.
import { useEffect } from "react"

const BRAND = "Preparat"

/** Sets `<title>` ("Title · Preparat") and, when given, `<meta name="description">`; restores them on leave. */
export const useDocumentMeta = (title: string | undefined, description?: string): void => {
  useEffect(() => {
    const previousTitle = document.title
    document.title = title ? (title.includes(BRAND) ? title : `${title} · ${BRAND}`) : BRAND
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    const previousDescription = meta?.content
    if (description) {
      if (!meta) {
        meta = document.createElement("meta")
        meta.name = "description"
        document.head.append(meta)
      }
      meta.content = description
    }
    return () => {
      document.title = previousTitle
      if (meta && previousDescription !== undefined) meta.content = previousDescription
    }
  }, [title, description])
}
