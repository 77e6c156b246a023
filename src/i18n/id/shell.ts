import type { shell as en } from "../en/shell.ts"

export const shell: typeof en = {
  nav: {
    label: "Navigasi utama",
    main: "Menu utama",
    preferences: "Preferensi",
    allFile: "Semua File",
    recent: "Terakhir Diakses",
    favorite: "Favorit",
    shared: "Lab Bersama",
    trash: "File Terhapus",
    trainAi: "Latih AI",
    helpFaq: "Bantuan & FAQ",
    settings: "Pengaturan",
    staff: "Staf",
    payments: "Pembayaran",
    scanRequests: "Permintaan pindai",
    waiting: "{{count}} menunggu"
  },
  sidebar: {
    collapse: "Ciutkan sidebar",
    expand: "Lebarkan sidebar",
    storage: "Penyimpanan",
    storageLoading: "Memeriksa penggunaan penyimpanan",
    storageUsed: "{{used}} dari {{total}} terpakai",
    storageReserved: "{{reserved}} ditahan oleh unggahan yang sedang berjalan",
    storagePercent: "{{percent}}% terpakai",
    upgrade: "Tambah penyimpanan",
    openMenu: "Buka menu",
    closeMenu: "Tutup menu"
  },
  header: {
    toggleSidebar: "Buka/tutup sidebar",
    notifications: "Notifikasi",
    language: "Ganti bahasa",
    account: "Menu akun",
    morePath: "Tampilkan folder di atasnya",
    manageAccount: "Kelola Akun",
    changePassword: "Ubah Kata Sandi",
    logout: "Keluar"
  },
  breadcrumb: {
    label: "Breadcrumb",
    home: "Beranda",
    labs: "Semua File",
    folder: "Folder",
    annotations: "Penampil slide",
    compare: "Bandingkan slide",
    recent: "Terakhir Diakses",
    favorite: "Favorit",
    shared: "Lab Bersama",
    trash: "File Terhapus",
    pricing: "Harga",
    invoices: "Tagihan",
    invoice: "Tagihan {{id}}",
    trainAi: "Latih AI",
    helpFaq: "Bantuan & FAQ",
    setting: "Pengaturan",
    account: "Profil Saya",
    profile: "Profil",
    password: "Ubah Kata Sandi",
    twoFactor: "Autentikasi 2FA",
    activities: "Aktivitas",
    billing: "Status Tagihan",
    scanRequests: "Pengajuan Pemindaian",
    staff: "Staf",
    payments: "Pembayaran"
  },
  rightPanel: {
    label: "Panel detail",
    close: "Tutup panel",
    infoTitle: "Detail",
    infoEmpty: "Pilih file atau folder untuk melihat detailnya di sini.",
    multipleTitle: "{{count}} Item Dipilih",
    multipleTitle_one: "{{count}} Item Dipilih",
    multipleHint: "Pilih satu file untuk informasi lebih lanjut.",
    notifTitle: "Notifikasi",
    notifEmpty: "Belum ada notifikasi",
    notifEmptyHint: "Undangan, komentar pada slide Anda, dan pengalihan kepemilikan akan muncul di sini."
  },
  contact: {
    label: "Hubungi kami via WhatsApp",
    short: "Hubungi kami",
    region: "Bantuan"
  },
  progress: "Memuat halaman",
  settings: {
    title: "Pengaturan",
    menu: "Menu pengaturan",
    account: "Profil Saya",
    profile: "Profil",
    password: "Ubah Kata Sandi",
    twoFactor: "Autentikasi 2FA",
    activities: "Aktivitas",
    billings: "Status Tagihan",
    scanRequests: "Pengajuan Pemindaian",
    paymentReview: "Staf: Pembayaran",
    staffScanRequests: "Staf: Pengajuan Pemindaian"
  },
  auth: {
    brandTitle: "Semua slide lab Anda, dalam satu ruang kerja yang tenang.",
    brandLead: "Preparat adalah laboratorium citra digital, dibuat untuk lab patologi dan riset.",
    point1: "Tampilan whole-slide deep-zoom langsung di browser",
    point2: "Anotasi dan diskusi bersama secara real time",
    point3: "Tandai jaringan berlubang dan hitung sel, dengan kepadatan dan indeks Ki67",
    footnote: "Slide Anda hanya dapat diakses oleh orang yang Anda undang.",
    terms: "Syarat (EULA)",
    help: "Butuh bantuan?"
  },
  public: {
    nav: "Navigasi situs",
    menu: "Menu",
    features: "Fitur",
    how: "Cara kerjanya",
    scanning: "Pemindaian slide",
    terms: "Terms",
    termsBahasa: "Syarat & Ketentuan",
    requestScan: "Ajukan pemindaian",
    rights: "© {{year}} Preparat. Hak cipta dilindungi."
  },
  loading: {
    title: "Memuat",
    session: "Memulihkan sesi Anda…"
  },
  error: {
    title: "Terjadi kesalahan",
    body: "Halaman ini gagal dimuat. Periksa koneksi Anda lalu coba lagi; jika terus terjadi, hubungi kami.",
    chunkTitle: "Versi baru tersedia",
    chunkBody: "Preparat diperbarui saat tab ini terbuka. Muat ulang untuk melanjutkan dengan versi terbaru."
  }
}
