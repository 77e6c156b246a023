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
  openAnalysis: "Lihat hasil",
  deletedLab: "Lab yang telah dihapus",
  live: {
    interrupted: "Pembaruan langsung terhenti. Menyambungkan ulang…"
  },
  kind: {
    invite: "Undangan",
    ownership: "Tawaran kepemilikan",
    chat: "Komentar baru",
    analysis: "Analisis gambar"
  },
  action: {
    inviteFolder: "mengundang Anda ke sebuah folder",
    inviteFile: "mengundang Anda ke sebuah file",
    ownershipFolder: "menawarkan kepemilikan sebuah folder kepada Anda",
    ownershipFile: "menawarkan kepemilikan sebuah file kepada Anda",
    chat: "mengomentari sebuah slide",
    analysis: "Analisis gambar Anda pada sebuah slide telah selesai"
  },
  toast: {
    invite: "{{name}} mengundang Anda ke {{lab}}",
    ownership: "{{name}} menawarkan kepemilikan {{lab}} kepada Anda",
    chat: "{{name}} mengomentari {{lab}}",
    analysis: "Analisis gambar Anda pada {{lab}} telah selesai"
  }
}
