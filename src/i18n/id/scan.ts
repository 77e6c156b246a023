import type { scan as en } from "../en/scan.ts"

export const scan: typeof en = {
  states: {
    received: "Diterima",
    scanning: "Dipindai",
    uploaded: "Diunggah",
    returned: "Dikembalikan"
  },
  fields: {
    diagnosis: "Diagnosis",
    preparations: "Preparat",
    section: "Jenis potongan",
    stain: "Pewarnaan",
    magnification: "Perbesaran",
    returnSlides: "Pengembalian slide",
    returnAddress: "Alamat pengembalian",
    notes: "Catatan",
    contact: "Kontak",
    account: "Akun",
    folder: "Folder"
  },
  yes: "Ya",
  no: "Tidak",
  visitor: "Pengunjung, tanpa akun",
  sentOn: "Dikirim {{date}}",
  timeline: "Kemajuan {{reference}}",
  reachedOn: "{{state}}, {{date}}",
  pending: "{{state}}, belum",
  mine: {
    title: "Pengajuan pemindaian",
    lead: "Slide yang Anda minta untuk kami pindai, dan posisi masing-masing saat ini.",
    request: "Ajukan pemindaian",
    empty: "Belum ada pengajuan pemindaian",
    emptyBody: "Minta kami memindai slide kaca Anda; Anda dapat memantau setiap pengajuan di sini.",
    more: "Tampilkan lagi",
    uploadedIn: "Hasil pindaian ada di folder {{folder}}.",
    findFolder: "Cari di berkas Anda"
  },
  staff: {
    metaTitle: "Pengajuan pemindaian (staf)",
    title: "Pengajuan pemindaian",
    lead: "Semua pengajuan yang dikirim ke laboratorium. Majukan masing-masing saat slide tiba, dipindai, diunggah, dan dikembalikan.",
    filter: "Tampilkan pengajuan",
    all: "Semua",
    empty: "Tidak ada pengajuan pemindaian di sini",
    more: "Tampilkan lagi",
    forbiddenTitle: "Khusus staf",
    forbiddenBody: "Halaman ini memuat semua pengajuan pemindaian ke laboratorium; akun Anda bukan staf.",
    next: {
      scanning: "Mulai memindai",
      uploaded: "Tandai diunggah",
      returned: "Tandai dikembalikan"
    },
    done: "Tidak ada langkah lagi",
    moved: "{{reference}} kini {{state}}.",
    folderTitle: "Hasil pindaian {{reference}} diunggah",
    folderBody: "Beri nama folder di Preparat tempat pemohon menemukan hasil pindaian; kami mengirimkannya lewat email.",
    folderLabel: "Nama folder",
    cancel: "Batal"
  }
}
