import type { dashboard as en } from "../en/dashboard.ts"

export const dashboard: typeof en = {
  pricing: {
    title: "Harga",
    description: "Paket penyimpanan dan analisis AI.",
    emptyTitle: "Paket segera hadir",
    emptyBody:
      "Pemilihan paket secara online belum dibuka. Beri tahu kami kebutuhan penyimpanan dan analisis lab Anda, dan kami siapkan paketnya.",
    contact: "Hubungi kami"
  },
  invoices: {
    title: "Tagihan",
    detailTitle: "Tagihan {{id}}",
    description: "Tagihan untuk pembelian paket dan penyimpanan Anda.",
    emptyTitle: "Belum ada tagihan",
    emptyBody: "Saat Anda berlangganan paket, tagihan dan status pembayarannya muncul di sini.",
    detailEmptyTitle: "Tagihan belum tersedia",
    detailEmptyBody: "Tagihan ini belum dapat ditampilkan. Daftar tagihan Anda ada di Status Tagihan.",
    toBilling: "Buka Status Tagihan"
  },
  comingSoon: {
    trainAiTitle: "Latih AI",
    trainAiBody: "Latih model analisis dengan slide beranotasi milik Anda sendiri. Fitur ini segera hadir.",
    helpFaqTitle: "Bantuan & FAQ",
    helpFaqBody: "Panduan dan jawaban atas pertanyaan umum segera hadir. Sementara itu, kami siap membantu via WhatsApp.",
    badge: "Segera hadir"
  },
  billing: {
    title: "Status Tagihan",
    description: "Tagihan Anda beserta status pembayarannya.",
    emptyTitle: "Belum ada tagihan",
    emptyBody: "Tagihan paket dan penyimpanan muncul di sini beserta statusnya: menunggu pembayaran, ditunda, atau lunas.",
    viewPlans: "Lihat paket"
  }
}
