// Penampil slide: bilah atas, alat, kontrol, bilah skala, indikator pembesaran, panel detail, dan
// keadaan slide sebelum terbuka.
import type { viewer as en } from "../en/viewer.ts"

export const viewer: typeof en = {
  title: "Penampil slide",
  loading: "Memuat slide…",
  backTo: "Kembali ke {{name}}",
  facts: "Ukuran dan resolusi slide",
  viewOnly: "Hanya lihat",
  viewOnlyHint: "Slide publik. Masuk untuk memberi anotasi dan berdiskusi.",
  controls: {
    label: "Kontrol penampil",
    zoomIn: "Perbesar",
    zoomOut: "Perkecil",
    home: "Tampilkan seluruh slide",
    rotateLeft: "Putar ke kiri 90°",
    rotateRight: "Putar ke kanan 90°",
    fullScreen: "Layar penuh",
    exitFullScreen: "Keluar dari layar penuh"
  },
  canvas: {
    label: "Slide",
    help: "Tombol panah menggeser slide, + dan − memperbesar dan memperkecil, 0 menampilkan seluruh slide, R dan Shift+R memutar, F membuka layar penuh."
  },
  tools: {
    label: "Alat",
    pan: "Geser dan perbesar",
    rectangle: "Persegi",
    polygon: "Poligon",
    freehand: "Gambar bebas",
    point: "Titik",
    comment: "Komentar",
    measure: "Ukur",
    comingSoon: "hadir bersama anotasi",
    hints: {
      pan: "Seret untuk menggeser, gulir untuk memperbesar, klik bentuk untuk memilihnya",
      rectangle: "Seret untuk menggambar persegi",
      polygon: "Klik setiap titik sudut; klik ganda, Enter, atau klik titik pertama untuk menutup; Backspace menghapus yang terakhir",
      freehand: "Seret untuk menggambar garis bebas",
      point: "Klik untuk menghitung satu titik",
      comment: "Klik tempat komentar, lalu ketik komentarnya",
      measure: "Seret untuk mengukur jarak; tidak ada yang disimpan"
    }
  },
  annotations: {
    loading: "Memuat anotasi…",
    loadFailed: "Anotasi tidak dapat dimuat.",
    retry: "Coba lagi",
    count: "{{count}} anotasi",
    saving: "Menyimpan…",
    saveFailed: "Anotasi tidak dapat disimpan. Gambar lagi untuk mencoba ulang.",
    defaultLabel: "Anotasi",
    commentPlaceholder: "Tulis komentar, lalu tekan Enter",
    escapeHint: "Esc membatalkan"
  },
  annotationPanel: {
    tabs: "Panel samping",
    tabAnnotations: "Anotasi",
    tabDetails: "Detail",
    labels: "Label",
    labelCount: "{{count}} anotasi dengan {{name}}",
    newLabel: "Label baru",
    labelName: "Nama label",
    labelColor: "Warna label",
    clearColor: "Tanpa warna (putih)",
    create: "Buat",
    save: "Simpan",
    cancel: "Batal",
    active: "Aktif",
    activeHint: "Bentuk baru memakai label yang aktif",
    makeActive: "Gambar dengan {{name}}",
    show: "Tampilkan {{name}}",
    hide: "Sembunyikan {{name}}",
    rename: "Ganti nama {{name}}",
    recolour: "Warna {{name}}",
    remove: "Hapus {{name}}",
    uncategorized: "tanpa kategori",
    virtual: "Label ini tidak ada: anotasi ini membawa namanya",
    noLabels: "Belum ada label. Buat satu, atau mulai menggambar: bentuk pertama membuatnya.",
    fill: "Isi bentuk",
    deleteTitle: "Hapus label {{name}}?",
    deleteBody: "{{count}} anotasinya ikut terhapus. Tindakan ini tidak dapat dibatalkan.",
    deleteBodyNone: "Label ini tidak memiliki anotasi.",
    deleteConfirm: "Hapus label",
    labelUpdated: "Label diperbarui.",
    labelDeleted: "Label dihapus bersama {{count}} anotasi.",
    updateFailed: "Gagal memperbarui label.",
    deleteFailed: "Gagal menghapus label.",
    list: "Daftar anotasi",
    listCount: "{{shown}} dari {{total}}",
    filterLabel: "Saring menurut label",
    filterAuthor: "Saring menurut pembuat",
    allLabels: "Semua label",
    allAuthors: "Semua pembuat",
    empty: "Belum ada anotasi. Gambar pada slide dengan alat di sebelah kiri.",
    emptyFiltered: "Tidak ada anotasi yang cocok dengan saringan ini.",
    stepHint: "N dan P berpindah ke anotasi berikutnya dan sebelumnya",
    next: "Anotasi berikutnya",
    previous: "Anotasi sebelumnya",
    showAnnotation: "Tampilkan anotasi",
    hideAnnotation: "Sembunyikan anotasi",
    goTo: "{{kind}} dengan {{label}} oleh {{author}}",
    kinds: { rectangle: "Persegi", polygon: "Poligon", polyline: "Garis", points: "Titik" },
    area: "Luas",
    perimeter: "Keliling",
    length: "Panjang",
    points: "{{count}} titik",
    inPixels: "dalam piksel: slide ini tidak mencatat mikron per piksel",
    you: "Anda",
    unsaved: "Belum tersimpan",
    transfer: "Ekspor dan impor",
    exportQuPath: "Ekspor QuPath GeoJSON",
    exportW3C: "Ekspor W3C",
    import: "Impor",
    importing: "Mengimpor…",
    importDone: "{{imported}} anotasi diimpor, {{skipped}} dilewati.",
    importFirstSkip: "Pertama yang dilewati: {{reason}}",
    importFailed: "Berkas tidak dapat diimpor.",
    importUnreadable: "Berkas ini bukan berkas anotasi QuPath GeoJSON atau W3C."
  },
  scale: {
    label: "Bilah skala: {{length}}",
    unknown: "Skala tidak diketahui",
    unknownHint: "Berkas ini tidak mencatat mikron per piksel, sehingga skala tidak dapat ditampilkan."
  },
  zoom: {
    objective: "Pembesaran {{value}} (setara objektif)",
    percent: "Zoom {{value}} dari resolusi penuh"
  },
  panel: {
    show: "Tampilkan detail slide",
    hide: "Sembunyikan detail slide",
    title: "Detail slide",
    dimensions: "Dimensi",
    resolution: "Resolusi",
    scannedAt: "Pembesaran pindai",
    notRecorded: "Tidak tercatat",
    size: "Ukuran berkas",
    owner: "Pemilik",
    created: "Ditambahkan",
    modified: "Diubah",
    annotations: "Anotasi",
    annotationsEmpty: "Area, hitungan, dan komentar yang digambar pada slide ini akan tercantum di sini.",
    annotationsSoon: "Hadir bersama anotasi"
  },
  openFailed: {
    title: "Gambar tidak dapat dibuka",
    body: "Ubin gambarnya tidak termuat. Periksa koneksi Anda lalu coba lagi.",
    retry: "Coba lagi"
  },
  preparing: {
    title: "Menyiapkan slide…",
    body: "Kami sedang membangun gambar yang dapat diperbesar dari berkas yang diunggah. Slide terbuka di sini dengan sendirinya saat siap; Anda boleh meninggalkan halaman ini dan kembali nanti.",
    uploading: "Mengunggah",
    processing: "Memproses"
  },
  failed: {
    title: "Slide ini tidak dapat diproses",
    body: "Berkasnya mungkin rusak, atau formatnya tidak dapat dibaca Preparat. Unggah ulang, atau hubungi kami jika terus terjadi."
  },
  unavailable: {
    title: "Slide tidak dapat dimuat",
    retry: "Coba lagi"
  },
  missing: {
    code: "404",
    title: "Slide tidak ditemukan",
    body: "Slide ini mungkin sudah dihapus atau dipindahkan, atau belum dibagikan kepada Anda. Mintalah akses kepada pemiliknya.",
    back: "Kembali ke Semua File",
    signIn: "Masuk"
  }
}
