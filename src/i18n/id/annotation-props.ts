// Nama, deskripsi dan kunci anotasi terpilih (name, description, isLocked QuPath), dan asal anotasi
// yang diimpor (creator dan created W3C): viewer.props.*.
import type { props as en } from "../en/annotation-props.ts"

export const props: typeof en = {
  name: "Nama",
  namePlaceholder: "Tambahkan nama",
  description: "Deskripsi",
  descriptionPlaceholder: "Tambahkan deskripsi",
  saveHint: "Tersimpan saat Anda meninggalkan kolom atau menekan Enter (Ctrl+Enter pada deskripsi); Escape membatalkan.",
  lock: "Kunci",
  lockHint: "Kunci: tidak ada yang dapat memindahkan, mengubah bentuk atau menghapusnya sampai kuncinya dibuka",
  unlockHint: "Buka kunci, agar dapat dipindahkan, diubah bentuknya dan dihapus lagi",
  lockedNote: "Terkunci: tidak dapat dipindahkan, diubah bentuknya atau dihapus. Nama, deskripsi dan labelnya tetap dapat diubah.",
  lockedNoteRead: "Terkunci: tidak dapat dipindahkan, diubah bentuknya atau dihapus sampai kuncinya dibuka.",
  lockedTitle: "{{count}} anotasi terkunci dibiarkan apa adanya",
  lockedTitle_one: "Anotasi ini terkunci",
  lockedBody: "Buka kuncinya di panel Anotasi terpilih sebelum memindahkan, mengubah bentuk atau menghapusnya.",
  deleteLocked: "Terkunci: buka kuncinya untuk menghapus",
  importedByOn: "Diimpor, digambar oleh {{name}} pada {{date}}",
  importedBy: "Diimpor, digambar oleh {{name}}",
  importedOn: "Diimpor, digambar pada {{date}}",
  lockedBadge: "Terkunci",
  detectionNote: "Dibuat oleh analisis: hanya-baca. Jalankan ulang atau hapus analisisnya untuk mengubah hasilnya.",
  measurements: "Pengukuran",
  measurementsLoading: "Membaca pengukurannya…"
}
