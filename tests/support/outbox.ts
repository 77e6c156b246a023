// Reading the server's outbox from tests: the newest mails and the links inside them.
import { listOutbox, type OutboxMail } from "../../server/mail/outbox.ts"

export { type OutboxMail, listOutbox as readOutbox } from "../../server/mail/outbox.ts"

export type LatestMail = (to?: string, options?: { readonly timeoutMs?: number; readonly after?: string }) => Promise<OutboxMail>

/**
 * The newest mail in `outbox` (optionally the newest to `to`, optionally newer than `after`, a
 * previous mail's file name), waiting up to `timeoutMs` for one to arrive. Throws if none arrives.
 */
export const latestMailIn =
  (outbox: string): LatestMail =>
  async (to, { timeoutMs = 5_000, after } = {}) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = (await listOutbox(outbox)).find(
        (m) => (to === undefined || m.to.toLowerCase().includes(to.toLowerCase())) && (after === undefined || m.file > after)
      )
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail${to ? ` to ${to}` : ""} in ${outbox}`)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
