// Berkas asli di tab Detail dan unduhannya (viewer.original).
import type { original as en } from "../en/original-file.ts"

export const original: typeof en = {
  title: "Berkas asli",
  download: "Unduh berkas asli",
  downloadHint: "{{size}}, seperti diunggah",
  redacted: "Gambar label dan gambaran kaca dari pemindai tidak ikut diunduh: sering memuat nama pasien atau nomor kasus.",
  keep: "Unduh beserta label dan gambaran kaca"
}
