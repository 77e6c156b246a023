// What a chat message shows: its text as written, with http(s) links made clickable and nothing
// else interpreted (no HTML, no markup): React puts each part in as text, so `<b>` stays `<b>`.
// A link's closing punctuation (a full stop, a bracket the sentence opened) stays text.
export type TextPart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "link"; readonly href: string; readonly text: string }

const URL = /https?:\/\/[^\s<>"']+/gi
const TRAILING = /[.,;:!?)\]}]+$/

export const messageParts = (message: string): ReadonlyArray<TextPart> => {
  const parts: TextPart[] = []
  let at = 0
  for (const match of message.matchAll(URL)) {
    const start = match.index
    let link = match[0]
    const trailing = TRAILING.exec(link)
    // Keep a closing bracket the link itself opened (e.g. a wiki page "…_(anatomy)").
    if (trailing) {
      let cut = trailing[0]
      if (cut.startsWith(")") && link.includes("(")) cut = cut.slice(1)
      link = link.slice(0, link.length - cut.length)
    }
    if (!isHttp(link)) continue
    if (start > at) parts.push({ kind: "text", text: message.slice(at, start) })
    parts.push({ kind: "link", href: link, text: link })
    at = start + link.length
  }
  if (at < message.length) parts.push({ kind: "text", text: message.slice(at) })
  return parts
}

const isHttp = (candidate: string): boolean => {
  try {
    const url = new globalThis.URL(candidate)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}
