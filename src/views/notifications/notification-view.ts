// What a notification says and where it leads. Pure, so the rules are tested alone: an invitation or
// ownership transfer of a folder opens the folder; of a file, or any comment, opens the slide viewer; an
// analysis that ended opens the slide on its analysis panel; a notification whose lab was deleted
// forever leads nowhere.
import type { Notification } from "../../contract/notifications.ts"
import type { PushKind } from "../../machines/notifications/notifications.machine.ts"
import type { KeyPart } from "../../i18n/keys.ts"
import { links } from "../../contract/routes.ts"

export const kindOf = (notification: Notification): PushKind =>
  notification.type === "invite"
    ? "invite"
    : notification.type === "ownership-changes"
      ? "ownership"
      : notification.type === "ai_analysis"
        ? "analysis"
        : "chat"

/** The key under notifications.action for the sentence after the sender's name. */
export const actionKey = (notification: Notification): KeyPart<"notifications.action"> => {
  const kind = kindOf(notification)
  if (kind === "chat" || kind === "analysis") return kind
  const folder = notification.lab?.is_dir ?? true
  return `${kind}${folder ? "Folder" : "File"}`
}

/**
 * A payment notification (staff accepted or rejected a receipt): its sentence under
 * billing.notification with the invoice's number; null for any other notification.
 */
export const paymentText = (
  notification: Notification
): { readonly key: KeyPart<"billing.notification">; readonly params: { readonly number: string } } | null => {
  if (notification.type !== "payment") return null
  const invoice = notification.invoice
  if (invoice === undefined) return { key: "other", params: { number: "" } }
  const key = invoice.status === "paid" ? "accepted" : invoice.status === "unpaid" ? "rejected" : "other"
  return { key, params: { number: invoice.number } }
}

/** The app path to open, without locale prefix; null when the lab is gone. A payment opens its invoice. */
export const targetOf = (notification: Notification): string | null => {
  if (notification.type === "payment") {
    return notification.invoice === undefined ? links.settings.billings() : links.invoice(notification.invoice.id)
  }
  const lab = notification.lab
  if (lab === null) return null
  if (notification.annotation_id !== undefined) return threadLink(lab.id, notification.annotation_id)
  if (kindOf(notification) === "chat") return chatLink(lab.id)
  if (kindOf(notification) === "analysis") return links.slidePanel(lab.id, "analysis")
  return lab.is_dir ? links.folder(lab.id) : links.slide(lab.id)
}

/** The slide with its side panel open on the chat tab. */
export const chatLink = (labId: string): string => links.slidePanel(labId, "chat")

/** The slide with its side panel on the comments, and the thread open at its pin. */
export const threadLink = (labId: string, annotationId: string): string =>
  `${links.slide(labId)}?panel=comments&thread=${encodeURIComponent(annotationId)}`

/** Whether the page at `pathname` (with or without a locale prefix) is this slide's viewer. */
export const isOnSlide = (pathname: string, labId: string): boolean => pathname.endsWith(links.slide(labId))

/** The sender as people know them: name, else username, else email; null for the system. */
export const senderName = (notification: Notification): string | null => {
  const sender = notification.sender
  if (sender === null) return null
  return sender.name.trim() || sender.username || sender.email
}
