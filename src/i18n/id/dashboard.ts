import type { dashboard as en } from "../en/dashboard.ts"

export const dashboard: typeof en = {
  actions: {
    upload: "Unggah",
    createFolder: "Folder baru",
    search: "Cari lab",
    viewGrid: "Tampilan grid",
    viewList: "Tampilan daftar",
    view: "Tampilan",
    emptyTrash: "Kosongkan sampah",
    unavailable: "Tersedia setelah pengelolaan file diaktifkan"
  },
  labs: {
    title: "Semua File",
    description: "Folder dan slide milik Anda.",
    emptyTitle: "Belum ada file",
    emptyBody: "Unggah citra slide atau buat folder untuk mulai menata lab Anda. Semua yang Anda tambahkan muncul di sini.",
    folderTitle: "Folder",
    folderEmptyTitle: "Folder ini kosong",
    folderEmptyBody: "Slide dan subfolder yang Anda tambahkan ke folder ini muncul di sini.",
    searchTitle: "Hasil pencarian",
    searchDescription: "Lab yang cocok dengan “{{query}}”",
    searchEmptyTitle: "Tidak ada hasil",
    searchEmptyBody: "Tidak ada file atau folder yang cocok dengan “{{query}}”. Periksa ejaan atau coba nama yang lebih pendek."
  },
  recent: {
    title: "Terakhir Diakses",
    description: "Slide dan folder yang baru saja Anda buka.",
    emptyTitle: "Belum ada yang dibuka",
    emptyBody: "Slide dan folder yang Anda buka muncul di sini, yang terbaru di atas."
  },
  favorite: {
    title: "Favorit",
    description: "File dan folder yang Anda beri bintang.",
    emptyTitle: "Belum ada favorit",
    emptyBody: "Beri bintang pada file atau folder agar cepat ditemukan di sini."
  },
  shared: {
    title: "Lab Bersama",
    description: "Lab yang dibagikan kolaborator kepada Anda.",
    emptyTitle: "Belum ada yang dibagikan",
    emptyBody: "Saat seseorang mengundang Anda ke folder atau slide, lab itu muncul di sini beserta peran Anda."
  },
  trash: {
    title: "File Terhapus",
    description: "File dan folder yang dihapus. Pulihkan atau hapus secara permanen.",
    emptyTitle: "Sampah kosong",
    emptyBody: "File dan folder yang Anda hapus tetap di sini sampai dipulihkan atau dihapus permanen."
  },
  pricing: {
    title: "Harga",
    description: "Paket penyimpanan dan analisis AI.",
    emptyTitle: "Paket segera hadir",
    emptyBody: "Pemilihan paket secara online belum dibuka. Beri tahu kami kebutuhan penyimpanan dan analisis lab Anda, dan kami siapkan paketnya.",
    contact: "Hubungi kami"
  },
  invoices: {
    title: "Tagihan",
    detailTitle: "Tagihan {{id}}",
    description: "Tagihan untuk pembelian paket dan penyimpanan Anda.",
    emptyTitle: "Belum ada tagihan",
    emptyBody: "Saat Anda berlangganan paket, tagihan dan status pembayarannya muncul di sini.",
    detailEmptyTitle: "Tagihan belum tersedia",
    detailEmptyBody: "Tagihan ini belum dapat ditampilkan. Daftar tagihan Anda ada di Status Tagihan.",
    toBilling: "Buka Status Tagihan"
  },
  slide: {
    title: "Penampil slide",
    emptyTitle: "Penampil slide belum tersedia",
    emptyBody: "Tampilan deep-zoom dan anotasi slide ini akan terbuka di sini.",
    back: "Kembali ke Semua File"
  },
  comingSoon: {
    trainAiTitle: "Latih AI",
    trainAiBody: "Latih model analisis dengan slide beranotasi milik Anda sendiri. Fitur ini segera hadir.",
    helpFaqTitle: "Bantuan & FAQ",
    helpFaqBody: "Panduan dan jawaban atas pertanyaan umum segera hadir. Sementara itu, kami siap membantu via WhatsApp.",
    badge: "Segera hadir"
  },
  billing: {
    title: "Status Tagihan",
    description: "Tagihan Anda beserta status pembayarannya.",
    emptyTitle: "Belum ada tagihan",
    emptyBody: "Tagihan paket dan penyimpanan muncul di sini beserta statusnya: menunggu pembayaran, ditunda, atau lunas.",
    viewPlans: "Lihat paket"
  }
}
