import type { dashboard as en } from "../en/dashboard.ts"

export const dashboard: typeof en = {
  comingSoon: {
    trainAiTitle: "Latih AI",
    trainAiBody: "Latih model analisis dengan slide beranotasi milik Anda sendiri. Fitur ini segera hadir.",
    helpFaqTitle: "Bantuan & FAQ",
    helpFaqBody: "Panduan dan jawaban atas pertanyaan umum segera hadir. Sementara itu, kami siap membantu via WhatsApp.",
    badge: "Segera hadir"
  },
  openFeature: {
    finding: "Membuka slide terakhir Anda…",
    noneTitle: "Belum ada slide untuk dibuka",
    noneBody:
      "{{feature}} dipakai pada sebuah slide. Unggah slide di lab Anda, atau buka slide yang dibagikan kepada Anda; setelah itu tautan ini langsung membawa Anda kembali ke slide terakhir yang Anda buka.",
    toLabs: "Ke lab Anda",
    toShared: "Dibagikan kepada Anda",
    failed: "Slide terakhir Anda tidak dapat dicari.",
    retry: "Coba lagi"
  }
}
