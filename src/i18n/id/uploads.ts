// Mengunggah slide: tombol unggah, area lepas di atas folder, dan panel kemajuan.
import type { uploads as en } from "../en/uploads.ts"

export const uploads: typeof en = {
  button: "Unggah",
  buttonHint: "Unggah slide: JPEG, PNG, WebP, TIFF, atau SVS",
  picker: "Pilih gambar slide untuk diunggah",
  drop: {
    title: "Lepaskan slide untuk diunggah ke {{folder}}",
    hint: "JPEG, PNG, WebP, TIFF, dan SVS, berapa pun ukurannya. Unggahan berlanjut bila koneksi terputus."
  },
  root: "Mylab",
  panel: {
    label: "Unggahan",
    uploading: "Mengunggah {{count}} file · {{percent}}%",
    uploadingOne: "Mengunggah 1 file · {{percent}}%",
    waiting: "Menunggu koneksi · {{percent}}%",
    processing: "Memproses {{count}} slide",
    processingOne: "Memproses 1 slide",
    complete: "{{count}} unggahan selesai",
    completeOne: "1 unggahan selesai",
    completeWithFailures: "{{done}} selesai · {{failed}} gagal",
    failedOne: "Unggahan gagal",
    failed: "{{count}} unggahan gagal",
    collapse: "Ciutkan panel unggahan",
    expand: "Bentangkan panel unggahan",
    close: "Tutup panel unggahan",
    list: "File yang sedang diunggah",
    into: "ke {{folder}}"
  },
  row: {
    bytes: "{{done}} dari {{total}}",
    queued: "Menunggu giliran",
    uploading: "{{percent}}%",
    waiting: "Koneksi terputus. Mencoba lagi…",
    resyncing: "Menyambung kembali…",
    processing: "Menyiapkan slide…",
    ready: "Siap",
    cancelled: "Dibatalkan",
    cancel: "Batalkan unggahan {{name}}",
    retry: "Ulangi unggahan {{name}}",
    retryNow: "Coba sekarang",
    open: "Buka {{name}}"
  },
  errors: {
    forbidden: "Anda tidak diizinkan mengunggah di laboratorium ini",
    forgotten: "Server tidak lagi menyimpan unggahan ini. Ulangi untuk mengirimnya kembali.",
    notResumed: "{{names}} tidak dapat dilanjutkan. Unggah lagi untuk melanjutkan.",
    notResumedTitle: "Unggahan tidak dilanjutkan"
  }
}
