// Ends the lab-channel subscriptions of users who can no longer see the lab. A subscription is
// authorised once, when it starts; afterwards a member may be removed, a role may lose sight of a
// lab, a lab may change hands, move out of a shared folder, go to the trash or stop being public.
// Whenever a lab event of such a kind is published (every worker hears every publish), this process
// checks each of its own lab subscriptions again and drops those whose user may no longer look.
import { parseChannel } from "../../src/contract/realtime.ts"
import type { Hub } from "./hub.ts"

/** Lab events after which someone may have lost sight of a lab. */
const ACCESS_KINDS: ReadonlySet<string> = new Set([
  "member.removed",
  "member.role_changed",
  "lab.ownership_transferred",
  "lab.moved",
  "lab.trashed",
  "lab.purged",
  "lab.published"
])

/** A lab's channel, and a slide's presence channel (whose member leaves with the subscription). */
const LAB_CHANNELS = ["private-mylab_", "presence-slide_"]

/** Whether a published message may have taken someone's access away. */
export const mayRevoke = (event: string, data: string): boolean => {
  if (!event.startsWith("lab_changed_")) return false
  try {
    const kind = (JSON.parse(data) as { kind?: unknown }).kind
    return typeof kind === "string" && ACCESS_KINDS.has(kind)
  } catch {
    return false
  }
}

/**
 * Watches the hub; `canView` answers from the database. Checks run one at a time: a burst of
 * events while one runs leads to one more run after it, not one per event.
 */
export const revokeLostAccess = (hub: Hub, canView: (userId: string, labId: string) => Promise<boolean>) => {
  let running: Promise<void> | undefined
  let again = false

  const check = async () => {
    for (const { channel, listener, userId } of LAB_CHANNELS.flatMap((prefix) => hub.subscriptions(prefix))) {
      const target = parseChannel(channel)
      // Signed without a user: only server tools with the secret can make those.
      if (userId === undefined || (target?.kind !== "lab" && target?.kind !== "presence")) continue
      if (!(await canView(userId, target.labId))) {
        hub.unsubscribe(channel, listener)
        listener.send(JSON.stringify({ event: "pusher:subscription_error", channel, data: { type: "AccessRevoked", status: 403 } }))
      }
    }
  }

  const run = (): void => {
    if (running) {
      again = true
      return
    }
    running = check()
      .catch((error: unknown) => console.error("realtime: checking subscriptions failed", error))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          run()
        }
      })
  }

  const stop = hub.onPublish((_channels, event, data) => {
    if (mayRevoke(event, data)) run()
  })
  /** Resolves once no check is running (for tests and shutdown). */
  const settled = async () => {
    while (running) await running
  }
  return { stop, settled }
}
