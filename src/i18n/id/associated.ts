// Label dan makro di tab Detail: foto pemindai atas label kertas slide dan seluruh kaca, yang bisa
// memuat nama pasien.
export const associated = {
  title: "Label dan makro",
  label: "Label",
  macro: "Makro",
  labelAlt: "Label slide seperti difoto oleh pemindai",
  macroAlt: "Seluruh kaca slide pada perbesaran rendah, seperti difoto oleh pemindai",
  privateNote: "Hanya pemilik dan admin slide yang melihat ini. Tidak pernah menjadi bagian dari tautan publik.",
  shownNote: "Ditampilkan kepada semua orang yang diberi akses ke slide ini. Tidak pernah menjadi bagian dari tautan publik.",
  show: "Tampilkan kepada peninjau",
  showHint: "Label sering memuat nama pasien atau nomor kasus.",
  failed: "Label dan makro tidak dapat dimuat.",
  retry: "Coba lagi",
  saveFailed: "Perubahan tidak tersimpan."
}
