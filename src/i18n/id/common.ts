import type { common as en } from "../en/common.ts"

export const common: typeof en = {
  appName: "Preparat",
  loading: "Memuat…",
  close: "Tutup",
  dismiss: "Tutup notifikasi",
  notificationsRegion: "Notifikasi",
  showPassword: "Tampilkan kata sandi",
  hidePassword: "Sembunyikan kata sandi",
  skipToContent: "Langsung ke konten",
  comingSoon: "Segera hadir",
  availableSoon: "Segera tersedia",
  cancel: "Batal",
  back: "Kembali",
  retry: "Coba lagi",
  reload: "Muat ulang halaman",
  language: "Bahasa",
  languages: {
    en: "English",
    id: "Bahasa Indonesia"
  },
  contactWhatsApp: "Hubungi kami via WhatsApp",
  signIn: "Masuk",
  createAccount: "Buat akun",
  goToDashboard: "Buka dasbor"
}
