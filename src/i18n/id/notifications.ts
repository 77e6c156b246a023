// Lonceng notifikasi, panel notifikasi, dan pemberitahuan realtime.
import type { notifications as en } from "../en/notifications.ts"

export const notifications: typeof en = {
  bell: "Notifikasi",
  bellUnread: "Notifikasi, {{count}} belum dibaca",
  title: "Notifikasi",
  unread: "{{count}} belum dibaca",
  markAllRead: "Tandai semua dibaca",
  list: "Daftar notifikasi",
  empty: "Belum ada notifikasi",
  emptyHint: "Undangan, komentar pada slide Anda, dan pengalihan kepemilikan akan muncul di sini.",
  loadMore: "Muat lebih banyak",
  loadingMore: "Memuat…",
  failed: "Notifikasi tidak dapat dimuat.",
  moreFailed: "Notifikasi berikutnya tidak dapat dimuat.",
  end: "Semua notifikasi sudah Anda lihat",
  unreadMarker: "Belum dibaca",
  someone: "Seseorang",
  deletedLab: "Lab yang telah dihapus",
  live: {
    interrupted: "Pembaruan langsung terhenti. Menyambungkan ulang…"
  },
  kind: {
    invite: "Undangan",
    ownership: "Pengalihan kepemilikan",
    chat: "Komentar baru"
  },
  action: {
    inviteFolder: "mengundang Anda ke sebuah folder",
    inviteFile: "mengundang Anda ke sebuah file",
    ownershipFolder: "menjadikan Anda pemilik sebuah folder",
    ownershipFile: "menjadikan Anda pemilik sebuah file",
    chat: "mengomentari sebuah slide"
  },
  toast: {
    invite: "{{name}} mengundang Anda ke {{lab}}",
    ownership: "{{name}} menjadikan Anda pemilik {{lab}}",
    chat: "{{name}} mengomentari {{lab}}"
  }
}
