import { describe, expect, it } from "vitest"
import { notification } from "../../testing/notificationFixtures.ts"
import { actionKey, paymentText, senderName, targetOf } from "./notification-view.ts"
import { relativeTime } from "./relative-time.ts"

describe("where a notification leads", () => {
  const file = { id: "l2", name: "Ki67 slide", is_dir: false }

  it("opens a folder for an invitation or ownership transfer of a folder", () => {
    expect(targetOf(notification("n1"))).toBe("/dashboard/labs/lab-n1")
    expect(targetOf(notification("n1", { type: "ownership-changes" }))).toBe("/dashboard/labs/lab-n1")
  })

  it("opens the slide viewer for a file, and for any comment", () => {
    expect(targetOf(notification("n1", { lab: file }))).toBe("/dashboard/labs/l2/annotations")
    expect(targetOf(notification("n1", { type: "notif_chat" }))).toBe("/dashboard/labs/lab-n1/annotations?panel=chat")
    expect(targetOf(notification("n1", { type: "notif_chats", lab: file }))).toBe("/dashboard/labs/l2/annotations?panel=chat")
    // A comment thread's reply opens the slide on that thread.
    expect(targetOf(notification("n1", { type: "notif_chats", lab: file, annotation_id: "a 1" }))).toBe(
      "/dashboard/labs/l2/annotations?panel=comments&thread=a%201"
    )
  })

  it("opens the slide on its analysis panel when an analysis ended, worded as the system's", () => {
    const ended = notification("n1", { type: "ai_analysis", lab: file, sender: null })
    expect(targetOf(ended)).toBe("/dashboard/labs/l2/annotations?panel=analysis")
    expect(actionKey(ended)).toBe("analysis")
  })

  it("opens the invoice of a payment notification, whatever its lab", () => {
    const paid = notification("n1", { type: "payment", lab: null, invoice: { id: "inv 1", number: "INV-1", status: "paid" } })
    expect(targetOf(paid)).toBe("/dashboard/invoices/inv%201")
    expect(paymentText(paid)).toEqual({ key: "accepted", params: { number: "INV-1" } })
    const rejected = notification("n2", { type: "payment", invoice: { id: "i2", number: "INV-2", status: "unpaid" } })
    expect(paymentText(rejected)?.key).toBe("rejected")
    expect(paymentText(notification("n3", { type: "notif_chat" }))).toBeNull()
  })

  it("leads nowhere once the lab was deleted forever", () => {
    expect(targetOf(notification("n1", { lab: null }))).toBeNull()
  })
})

describe("what a notification says", () => {
  it("names the kind and whether it is a folder or a file", () => {
    expect(actionKey(notification("n1"))).toBe("inviteFolder")
    expect(actionKey(notification("n1", { type: "ownership-changes", lab: { id: "l", name: "x", is_dir: false } }))).toBe("ownershipFile")
    expect(actionKey(notification("n1", { type: "notif_chat" }))).toBe("chat")
  })

  it("names the sender by name, else username, else email", () => {
    expect(senderName(notification("n1"))).toBe("Ada Lovelace")
    expect(senderName(notification("n1", { sender: { name: " ", email: "ada@lab.test", username: "ada" } }))).toBe("ada")
    expect(senderName(notification("n1", { sender: { name: "", email: "ada@lab.test", username: null } }))).toBe("ada@lab.test")
    expect(senderName(notification("n1", { sender: null }))).toBeNull()
  })
})

describe("relative time", () => {
  const now = new Date("2025-03-10T12:00:00Z")
  it("reads recent moments in the page's language", () => {
    expect(relativeTime("2025-03-10T11:59:40Z", now, "en")).toBe("now")
    expect(relativeTime("2025-03-10T11:55:00Z", now, "en")).toBe("5 minutes ago")
    expect(relativeTime("2025-03-10T09:00:00Z", now, "en")).toBe("3 hours ago")
    expect(relativeTime("2025-03-09T12:00:00Z", now, "en")).toBe("yesterday")
    expect(relativeTime("2025-03-10T11:55:00Z", now, "id")).toBe("5 menit yang lalu")
  })

  it("gives a date once it is older than four weeks", () => {
    expect(relativeTime("2024-12-01T12:00:00Z", now, "en")).toBe("Dec 1, 2024")
    expect(relativeTime("not a date", now, "en")).toBe("")
  })
})
