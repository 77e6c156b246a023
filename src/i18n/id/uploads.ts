// Mengunggah slide: tombol unggah, area lepas di atas folder, dan panel kemajuan.
import type { uploads as en } from "../en/uploads.ts"

export const uploads: typeof en = {
  button: "Unggah",
  buttonHint: "Unggah slide: JPEG, PNG, WebP, TIFF, SVS, atau DICOM",
  picker: "Pilih gambar slide untuk diunggah",
  folderButton: "Unggah folder",
  folderHint: "Unggah folder: slide pemindai yang terdiri dari beberapa berkas (MRXS, VMS, seri DICOM) diunggah sebagai satu",
  folderPicker: "Pilih folder slide untuk diunggah",
  drop: {
    title: "Lepaskan slide untuk diunggah ke {{folder}}",
    hint: "JPEG, PNG, WebP, TIFF, SVS, MRXS, dan DICOM (slide yang terdiri dari beberapa berkas sebagai foldernya atau dalam zip), berapa pun ukurannya. Unggahan berlanjut bila koneksi terputus."
  },
  root: "Mylab",
  panel: {
    label: "Unggahan",
    uploading: "Mengunggah {{count}} file · {{percent}}%",
    uploading_one: "Mengunggah {{count}} file · {{percent}}%",
    waiting: "Menunggu koneksi · {{percent}}%",
    processing: "Memproses {{count}} slide",
    processing_one: "Memproses {{count}} slide",
    complete: "{{count}} unggahan selesai",
    complete_one: "{{count}} unggahan selesai",
    completeWithFailures: "{{done}} selesai · {{failed}} gagal",
    failed: "{{count}} unggahan gagal",
    failed_one: "Unggahan gagal",
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
    waiting: "Koneksi terputus. Unggahan berlanjut dari titik terakhir begitu Anda kembali daring.",
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
    notAnImage: "Ini bukan gambar yang dapat dibaca Preparat. Unggah file JPEG, PNG, WebP, TIFF (termasuk BigTIFF), SVS, atau DICOM.",
    undecodable:
      "Format file ini dapat dibaca Preparat, tetapi gambarnya tidak dapat didekode: file mungkin rusak atau tidak lengkap. Ekspor ulang lalu unggah salinan barunya.",
    quotaLeft:
      "Penyimpanan tidak cukup: tersisa {{remaining}}, dan file ini membutuhkan lebih. Hapus file atau tambah penyimpanan, lalu ulangi.",
    quotaFull: "Penyimpanan Anda penuh. Hapus file atau tambah penyimpanan, lalu ulangi.",
    forgotten: "Server tidak lagi menyimpan unggahan ini. Ulangi untuk mengirimnya kembali.",
    notResumed: "{{names}} tidak dapat dilanjutkan. Unggah lagi untuk melanjutkan.",
    notResumedTitle: "Unggahan tidak dilanjutkan"
  }
}
