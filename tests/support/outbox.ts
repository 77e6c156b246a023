// Reading the server's outbox from tests: the newest mails and the links inside them.
import { listOutbox, type OutboxMail } from "../../server/mail/outbox.ts"

export { type OutboxMail, listOutbox as readOutbox } from "../../server/mail/outbox.ts"

export type LatestMail = (
  to?: string,
  options?: { readonly timeoutMs?: number; readonly after?: string; readonly containing?: string }
) => Promise<OutboxMail>

/**
 * The newest mail in `outbox` (optionally the newest to `to`, optionally newer than `after`, a
 * previous mail's file name, optionally one whose subject or text holds `containing`: a mail sent in
 * the background may not be the newest yet), waiting up to `timeoutMs` for one to arrive. Throws if
 * none arrives.
 */
export const latestMailIn =
  (outbox: string): LatestMail =>
  async (to, { timeoutMs = 5_000, after, containing } = {}) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = (await listOutbox(outbox)).find(
        (m) =>
          (to === undefined || m.to.toLowerCase().includes(to.toLowerCase())) &&
          (after === undefined || m.file > after) &&
          (containing === undefined || m.subject.includes(containing) || m.text.includes(containing))
      )
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail${to ? ` to ${to}` : ""} in ${outbox}`)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
