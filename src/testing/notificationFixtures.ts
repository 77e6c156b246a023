// Notifications as the wire shows them, for the notifications machine and view tests.
import type { Notification } from "../contract/notifications.ts"

export const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: "invite",
  is_read: false,
  created_at: "2025-03-01T10:00:00.000Z",
  lab: { id: `lab-${id}`, name: "Tumour margins", is_dir: true },
  sender: { name: "Ada Lovelace", email: "ada@lab.test", username: "ada" },
  ...overrides
})

const meta = (current: number, next: number | null, count = 7) => ({ count, current_page: current, next_page: next })

export const firstPage = {
  results: ["n5", "n4", "n3", "n2", "n1"].map((id) => notification(id, { is_read: id === "n1" })),
  meta: meta(1, 2),
  unread_count: 4
}
export const secondPage = {
  results: [notification("n0", { is_read: true, type: "ownership-changes" })],
  meta: meta(2, null),
  unread_count: 4
}
/** The first page after n6 arrived: n1 moved to page two. */
export const refreshedPage = {
  results: ["n6", "n5", "n4", "n3", "n2"].map((id) => notification(id, id === "n6" ? { type: "ownership-changes" } : {})),
  meta: meta(1, 2, 8),
  unread_count: 5
}
