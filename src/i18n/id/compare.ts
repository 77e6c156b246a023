// Penampil pembanding (/dashboard/labs/compare): hingga empat slide berdampingan, navigasi yang
// disinkronkan, dan pemilih untuk menambah slide.
import type { compare as en } from "../en/compare.ts"

export const compare: typeof en = {
  title: "Bandingkan slide",
  open: "Bandingkan",
  openHint: "Buka slide ini berdampingan dengan slide lain",
  count_one: "{{count}} dari 4 slide",
  count: "{{count}} dari 4 slide",
  add: "Tambah slide",
  addSlot: "Tambah slide di sini",
  remove: "Hapus {{name}} dari perbandingan",
  sync: "Sinkron",
  syncHint: "Geser, perbesaran, dan rotasi mengikuti di semua slide; tiap slide mempertahankan pergeserannya saat sinkron dinyalakan",
  tooMany: "Maksimal 4 penampil diperbolehkan",
  tooManyBody: "Hapus satu slide sebelum menambah yang lain.",
  relative: "Tanpa skala: mengikuti ukuran gambar",
  relativeHint: "Berkas ini tidak mencatat mikron per piksel, jadi mengikuti slide lain menurut bagian gambarnya, bukan ukuran fisik.",
  loading: "Memuat slide…",
  unavailable: "Slide ini tidak dapat dibuka",
  notReady: "Slide ini masih disiapkan",
  empty: {
    title: "Belum ada slide untuk dibandingkan",
    body: "Tambahkan hingga empat slide untuk melihatnya berdampingan, dengan navigasi yang selaras."
  },
  annotations: "{{count}} anotasi",
  annotations_one: "{{count}} anotasi",
  annotationsFailed: "Anotasi tidak termuat: coba lagi",
  hideAnnotations: "Sembunyikan anotasi",
  showAnnotations: "Tampilkan anotasi",
  picker: {
    title: "Tambah slide untuk dibandingkan",
    search: "Cari slide menurut nama",
    recent: "Baru dibuka",
    results: "Slide yang ditemukan",
    none: "Tidak ada slide yang cocok.",
    failed: "Daftar slide tidak dapat dimuat.",
    inSet: "Sudah dibandingkan",
    choose: "Tambah {{name}}"
  }
}
