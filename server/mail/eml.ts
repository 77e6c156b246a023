// Reads the RFC 5322 messages nodemailer writes to the outbox: headers (with RFC 2047 encoded
// words), and the text and HTML parts of a multipart/alternative body in quoted-printable, base64,
// 7bit or 8bit. Enough for our own mails; not a general MIME library.

export interface ParsedMail {
  readonly headers: ReadonlyMap<string, string>
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly date: string
  readonly text: string
  readonly html: string
}

const decodeQuotedPrintable = (body: string): Buffer => {
  const softBreaksRemoved = body.replace(/=\r?\n/g, "")
  const bytes: number[] = []
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const c = softBreaksRemoved[i]!
    const hex = softBreaksRemoved.slice(i + 1, i + 3)
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, "utf8"))
    }
  }
  return Buffer.from(bytes)
}

const charsetOf = (contentType: string): BufferEncoding => {
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase()
  return charset === "us-ascii" || charset === "ascii" ? "ascii" : charset === "iso-8859-1" || charset === "latin1" ? "latin1" : "utf8"
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words in a header value. */
const decodeWords = (value: string): string =>
  value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, data: string) => {
    const buffer = kind.toUpperCase() === "B" ? Buffer.from(data, "base64") : decodeQuotedPrintable(data.replace(/_/g, " "))
    return buffer.toString(charsetOf(`charset=${charset}`))
  })

const splitHeadAndBody = (raw: string): { head: string; body: string } => {
  const match = /\r?\n\r?\n/.exec(raw)
  return match ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) } : { head: raw, body: "" }
}

const parseHeaders = (head: string): Map<string, string> => {
  const headers = new Map<string, string>()
  // Folded lines continue the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":")
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  return headers
}

const decodeBody = (body: string, headers: ReadonlyMap<string, string>): string => {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase()
  const charset = charsetOf(headers.get("content-type") ?? "")
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString(charset)
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body).toString(charset)
  return body
}

interface Part {
  readonly contentType: string
  readonly content: string
}

const partsOf = (headers: ReadonlyMap<string, string>, body: string): ReadonlyArray<Part> => {
  const contentType = headers.get("content-type") ?? "text/plain"
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (!contentType.toLowerCase().startsWith("multipart/") || !boundary) {
    return [{ contentType: contentType.toLowerCase(), content: decodeBody(body, headers) }]
  }
  const sections = body.split(`--${boundary}`).slice(1)
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => {
      const { head, body: inner } = splitHeadAndBody(section.replace(/^\r?\n/, ""))
      return partsOf(parseHeaders(head), inner.replace(/\r?\n$/, ""))
    })
}

export const parseEml = (raw: string): ParsedMail => {
  const { head, body } = splitHeadAndBody(raw)
  const headers = parseHeaders(head)
  const parts = partsOf(headers, body)
  const text = parts.find((p) => p.contentType.startsWith("text/plain"))?.content ?? ""
  const html = parts.find((p) => p.contentType.startsWith("text/html"))?.content ?? ""
  return {
    headers,
    from: headers.get("from") ?? "",
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "",
    date: headers.get("date") ?? "",
    text: text.replace(/\r\n/g, "\n"),
    html
  }
}

const PUNCTUATION = new Set([".", ",", ";", ":", "!", "?"])

/**
 * The link without the punctuation that ends it (the sentence's, not the link's). A loop from the end:
 * /[.,;:!?]+$/ tries each mark of a long run followed by anything else as a start, quadratic in it.
 */
const withoutTrailingPunctuation = (link: string) => {
  let end = link.length
  while (end > 0 && PUNCTUATION.has(link[end - 1]!)) end--
  return link.slice(0, end)
}

/** Every http(s) link in a text, in order, without trailing punctuation. */
export const linksIn = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => withoutTrailingPunctuation(m[0]))
