import type { dashboard as en } from "../en/dashboard.ts"

export const dashboard: typeof en = {
  comingSoon: {
    trainAiTitle: "Latih AI",
    trainAiBody: "Latih model analisis dengan slide beranotasi milik Anda sendiri. Fitur ini segera hadir.",
    helpFaqTitle: "Bantuan & FAQ",
    helpFaqBody: "Panduan dan jawaban atas pertanyaan umum segera hadir. Sementara itu, kami siap membantu via WhatsApp.",
    badge: "Segera hadir"
  }
}
