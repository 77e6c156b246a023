// GET /dev/outbox and /dev/outbox/:file — on a machine without SMTP, the mails the server "sent",
// newest first, each readable with its links clickable, so activation and reset links work locally.
// Only mounted when config.devRoutes is on (DEV_ROUTES=1), and answered only to this machine itself
// and only with the token printed at start (?token=...): the outbox holds every reset link, so anyone
// else who could read it could take any account. The loopback check alone was not enough: a proxy on
// this host that marks the client with a header we do not know (X-Real-IP) makes every request look
// local; the token does not depend on what a proxy adds.
import { timingSafeEqual } from "node:crypto"
import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { fromThisMachine } from "../domain/forwarded.ts"
import { linksIn } from "../mail/eml.ts"
import { listOutbox, type OutboxMail, readOutboxMail } from "../mail/outbox.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** Equal in constant time, so the answer's timing tells nothing about how much of a guess was right. */
const sameToken = (given: string | undefined, token: string): boolean => {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

const page = (title: string, body: string, status = 200) =>
  HttpServerResponse.text(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f9fafb; margin: 0; }
  main { max-width: 880px; margin: 0 auto; padding: 32px 24px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  p.hint { color: #6b7280; margin: 0 0 24px; font-size: 14px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; }
  th, td { text-align: left; padding: 10px 14px; border-bottom: 1px solid #e5e7eb; font-size: 14px; vertical-align: top; }
  th { background: #f3f4f6; font-weight: 600; }
  td.date { white-space: nowrap; color: #4b5563; font-variant-numeric: tabular-nums; }
  a { color: #2563eb; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; font-size: 14px; }
  dt { color: #6b7280; }
  dd { margin: 0; }
  pre { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; white-space: pre-wrap; word-break: break-word; font: 15px/1.6 system-ui, sans-serif; }
</style></head>
<body><main>${body}</main></body></html>`,
    { status, contentType: "text/html; charset=utf-8", headers: { "cache-control": "no-store" } }
  )

const localTime = (mail: OutboxMail) => {
  const date = new Date(mail.date)
  return Number.isNaN(date.getTime()) ? mail.date : date.toISOString().replace("T", " ").slice(0, 19) + " UTC"
}

/** The mail's text, escaped, with every link turned into an anchor. */
const linkify = (text: string): string => {
  let html = ""
  let rest = text
  for (const link of linksIn(text)) {
    const at = rest.indexOf(link)
    if (at < 0) continue
    html += escapeHtml(rest.slice(0, at)) + `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
    rest = rest.slice(at + link.length)
  }
  return html + escapeHtml(rest)
}

const listPage = (mails: ReadonlyArray<OutboxMail>, query: string) =>
  page(
    "Outbox",
    `<h1>Outbox</h1>
<p class="hint">Mails this server would have sent (no SMTP_URL is set), newest first.</p>
${
  mails.length === 0
    ? "<p>No mail yet.</p>"
    : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>
${mails
  .map(
    (m) =>
      `<tr><td class="date">${escapeHtml(localTime(m))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/${encodeURIComponent(m.file)}${query}">${escapeHtml(m.subject || "(no subject)")}</a></td></tr>`
  )
  .join("\n")}
</tbody></table>`
}`
  )

const mailPage = (mail: OutboxMail, query: string) =>
  page(
    mail.subject,
    `<p><a href="/dev/outbox${query}">&larr; Outbox</a></p>
<h1>${escapeHtml(mail.subject || "(no subject)")}</h1>
<dl><dt>Date</dt><dd>${escapeHtml(localTime(mail))}</dd><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd></dl>
<pre>${linkify(mail.text)}</pre>`
  )

export const DevOutboxRoutes = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    if (!config.devRoutes) return Layer.empty
    const dir = join(config.dataDir, "outbox")
    const notHere = page("Not found", "<h1>Not found</h1>", 404)
    // Every link between the pages carries the token, so the list and its mails stay reachable.
    const query = `?token=${encodeURIComponent(config.devOutboxToken)}`
    const allowed = (request: HttpServerRequest.HttpServerRequest): boolean => {
      const token = new URL(request.url, "http://localhost").searchParams.get("token") ?? undefined
      return fromThisMachine(Option.getOrUndefined(request.remoteAddress), request.headers) && sameToken(token, config.devOutboxToken)
    }
    const guarded = <E, R>(answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => (allowed(request) ? answer : Effect.succeed(notHere)))
    const list = Effect.map(
      Effect.promise(() => listOutbox(dir)),
      (mails) => listPage(mails, query)
    )
    const one = Effect.gen(function* () {
      const { file } = yield* HttpRouter.params
      const mail = file ? yield* Effect.promise(() => readOutboxMail(dir, file)) : undefined
      return mail
        ? mailPage(mail, query)
        : page("Not found", `<p><a href="/dev/outbox${query}">&larr; Outbox</a></p><h1>No such mail</h1>`, 404)
    })
    return Layer.mergeAll(HttpRouter.add("GET", "/dev/outbox", guarded(list)), HttpRouter.add("GET", "/dev/outbox/:file", guarded(one)))
  })
)
