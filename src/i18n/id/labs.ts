// Ruang kerja lab: Semua File dan folder, pencarian, Terakhir Diakses, Favorit, Lab Bersama, File
// Terhapus, dialog lab, panel info, dan pesan milik lab.
import type { labs as en } from "../en/labs.ts"

export const labs: typeof en = {
  pages: {
    all: { title: "Semua File", description: "Folder dan slide milik Anda." },
    search: { title: "Hasil pencarian", description: "Lab yang cocok dengan “{{query}}”" },
    recent: { title: "Terakhir Diakses", description: "Slide dan folder yang baru Anda buka, terbaru di atas." },
    favorite: { title: "Favorit", description: "File dan folder yang Anda tandai." },
    shared: { title: "Lab Bersama", description: "Lab yang dibagikan kolaborator kepada Anda, beserta peran Anda." },
    trash: { title: "File Terhapus", description: "File dan folder yang dihapus. Pulihkan atau hapus secara permanen." }
  },
  public: {
    badge: "Publik · hanya baca",
    hint: "Siapa pun yang memiliki tautan dapat melihat folder ini. Masuk untuk mengerjakannya.",
    closedTitle: "Lab ini tidak publik",
    closedBody: "Masuk dengan akun yang memiliki akses untuk membukanya.",
    signIn: "Masuk"
  },
  path: {
    label: "Jalur folder",
    root: "Semua File",
    shared: "Lab Bersama"
  },
  actions: {
    createFolder: "Folder baru",
    search: "Cari lab",
    view: "Tampilan",
    viewGrid: "Tampilan kisi",
    viewList: "Tampilan daftar",
    details: "Detail",
    more: "Tindakan lain untuk {{name}}",
    select: "Pilih {{name}}",
    selectAll: "Pilih semua",
    clearSelection: "Batalkan pilihan",
    loadMore: "Muat lebih banyak",
    clearSearch: "Hapus pencarian"
  },
  menu: {
    label: "Tindakan untuk {{name}}",
    labelMany: "Tindakan untuk {{count}} item",
    labelMany_one: "Tindakan untuk {{count}} item",
    open: "Buka",
    rename: "Ganti nama",
    move: "Pindahkan",
    favorite: "Tambahkan ke favorit",
    unfavorite: "Hapus dari favorit",
    info: "Info",
    share: "Bagikan",
    copyLink: "Salin tautan",
    compare: "Bandingkan berdampingan",
    delete: "Hapus",
    deleteMany: "Hapus {{count}} item",
    deleteMany_one: "Hapus {{count}} item"
  },
  list: {
    label: "File dan folder",
    name: "Nama",
    owner: "Pemilik",
    modified: "Diubah",
    size: "Ukuran",
    role: "Peran Anda",
    opened: "Dibuka",
    deleted: "Dihapus",
    actions: "Tindakan",
    me: "saya",
    loading: "Memuat file",
    loadingMore: "Memuat lagi…",
    count: "{{shown}} dari {{count}}",
    moreFailed: "Halaman berikutnya tidak dapat dimuat."
  },
  kinds: {
    folder: "Folder",
    image: "Slide"
  },
  roles: {
    owner: "Pemilik",
    admin: "Admin",
    reviewer: "Peninjau",
    viewer: "Pengunjung"
  },
  status: {
    uploading: "Mengunggah",
    processing: "Diproses",
    ready: "Siap",
    failed: "Gagal diunggah"
  },
  badges: {
    public: "Publik",
    favorite: "Favorit"
  },
  empty: {
    createFolder: "Buat folder",
    rootTitle: "Belum ada file",
    rootBody: "Buat folder untuk mulai menata lab Anda. Slide yang Anda unggah juga akan muncul di sini.",
    folderTitle: "Folder ini kosong",
    folderBody: "Subfolder dan slide yang Anda tambahkan ke folder ini akan muncul di sini.",
    searchTitle: "Tidak ada hasil",
    searchBody: "Tidak ada file atau folder yang cocok dengan “{{query}}”. Periksa ejaan atau coba nama yang lebih pendek.",
    recentTitle: "Belum ada yang dibuka",
    recentBody: "Slide dan folder yang Anda buka akan muncul di sini, terbaru di atas.",
    favoriteTitle: "Belum ada favorit",
    favoriteBody: "Tandai file atau folder dengan “Tambahkan ke favorit” agar mudah ditemukan di sini.",
    sharedTitle: "Belum ada yang dibagikan kepada Anda",
    sharedBody: "Saat seseorang mengundang Anda ke folder atau slide, item itu muncul di sini beserta peran Anda.",
    trashTitle: "Tempat sampah kosong",
    trashBody: "File dan folder yang Anda hapus tetap di sini sampai Anda memulihkannya atau menghapusnya secara permanen."
  },
  failed: {
    title: "Terjadi kesalahan"
  },
  missing: {
    title: "Folder ini tidak tersedia",
    body: "Folder ini tidak ada, atau belum dibagikan dengan akun ini. Minta pemiliknya untuk mengundang Anda.",
    home: "Ke Semua File"
  },
  createFolder: {
    title: "Folder baru",
    name: "Nama folder",
    placeholder: "mis. Biopsi hati 2025",
    location: "Lokasi",
    root: "Mylab",
    rootHint: "Tingkat teratas lab Anda",
    currentHint: "Folder tempat Anda berada",
    submit: "Buat"
  },
  rename: {
    titleFolder: "Ganti nama folder",
    titleFile: "Ganti nama slide",
    name: "Nama",
    submit: "Simpan"
  },
  move: {
    title: "Pindahkan “{{name}}”",
    description: "Pilih folder tujuan.",
    tree: "Folder",
    root: "Mylab",
    here: "Lokasi saat ini",
    inside: "Folder ini sendiri",
    expand: "Tampilkan folder di {{name}}",
    collapse: "Sembunyikan folder di {{name}}",
    loading: "Memuat folder…",
    submit: "Pindahkan ke sini",
    noChoice: "Pilih folder terlebih dahulu."
  },
  delete: {
    title: "Hapus “{{name}}”?",
    titleMany: "Hapus {{count}} item?",
    titleMany_one: "Hapus {{count}} item?",
    body: "Item ini dipindahkan ke File Terhapus, tempat Anda dapat memulihkannya atau menghapusnya secara permanen.",
    bodyMany: "Item-item ini dipindahkan ke File Terhapus, tempat Anda dapat memulihkannya atau menghapusnya secara permanen.",
    bodyFolder:
      "Folder beserta seluruh isinya dipindahkan ke File Terhapus, tempat Anda dapat memulihkannya atau menghapusnya secara permanen.",
    confirm: "Hapus"
  },
  search: {
    title: "Cari lab",
    description:
      "Temukan folder dan slide berdasarkan nama, atau slide berdasarkan tag (HE, IHK-DAB, 20x), di semua tempat yang dapat Anda akses.",
    name: "Nama lab",
    placeholder: "mis. Hati",
    submit: "Cari"
  },
  autoTags: {
    label: "Tag otomatis",
    tissue: "Jaringan {{percent}}%",
    stainHe: "HE",
    stainIhcDab: "IHK-DAB",
    stainFluorescence: "Fluoresens",
    stainTtc: "TTC",
    stainGrayscale: "Skala abu-abu",
    mag40x: "40x",
    mag20x: "20x",
    mag10x: "10x",
    mag5x: "5x",
    magLow: "Pembesaran rendah"
  },
  info: {
    title: "Detail",
    empty: "Pilih file atau folder untuk melihat detailnya di sini.",
    type: "Jenis",
    owner: "Pemilik",
    modified: "Diubah",
    created: "Dibuat",
    size: "Ukuran",
    description: "Deskripsi",
    noDescription: "Tidak ada deskripsi.",
    metadata: "Metadata",
    noMetadata: "Belum ada metadata.",
    addEntry: "Tambah metadata",
    entryName: "Kata kunci",
    entryValue: "Nilai",
    entryNamePlaceholder: "mis. ID Pasien",
    entryValuePlaceholder: "mis. P-2025-014",
    save: "Simpan",
    edit: "Ubah {{name}}",
    remove: "Hapus {{name}}",
    access: "Akses",
    public: "Akses publik",
    publicOn: "Siapa pun yang memiliki tautan dapat melihatnya, hanya baca.",
    publicOff: "Hanya kolaborator yang dapat membukanya.",
    inherited: "Publik karena folder di atasnya publik.",
    copyLink: "Salin tautan",
    collaborators: "Kolaborator",
    moreCollaborators: "+{{count}}",
    collaboratorsCount: "{{count}} orang",
    collaboratorsCount_one: "{{count}} orang",
    viewCollaborators: "Lihat kolaborator",
    loadFailed: "Detail tidak dapat dimuat."
  },
  multiple: {
    title: "{{count}} Item Dipilih",
    title_one: "{{count}} Item Dipilih",
    hint: "Pilih satu file untuk informasi lebih lanjut.",
    folders: "{{count}} folder",
    folders_one: "{{count}} folder",
    files: "{{count}} slide",
    files_one: "{{count}} slide",
    delete: "Hapus yang dipilih",
    clear: "Batalkan pilihan"
  },
  trash: {
    restore: "Pulihkan",
    restoreName: "Pulihkan {{name}}",
    purge: "Hapus permanen",
    purgeName: "Hapus permanen {{name}}",
    empty: "Kosongkan tempat sampah",
    purgeTitle: "Hapus “{{name}}” secara permanen?",
    purgeBody: "Tindakan ini tidak dapat dibatalkan. Item ini beserta seluruh isinya dihapus selamanya.",
    emptyTitle: "Kosongkan tempat sampah?",
    emptyBody: "Semua isi File Terhapus dihapus selamanya. Tindakan ini tidak dapat dibatalkan.",
    retention: "Hanya item milik Anda yang ditampilkan di sini."
  },
  toasts: {
    renamed: "Nama diganti menjadi “{{name}}”.",
    deleted: "“{{name}}” dipindahkan ke File Terhapus.",
    deletedMany: "{{count}} item dipindahkan ke File Terhapus.",
    deletedMany_one: "{{count}} item dipindahkan ke File Terhapus.",
    favorited: "Ditambahkan ke favorit.",
    unfavorited: "Dihapus dari favorit.",
    restored: "“{{name}}” dipulihkan.",
    undo: "Urungkan",
    undone: "Dikembalikan dari File Terhapus.",
    purged: "“{{name}}” dihapus permanen.",
    emptied: "Tempat sampah sudah kosong.",
    published: "Siapa pun yang memiliki tautan kini dapat melihatnya.",
    unpublished: "Kini hanya kolaborator yang dapat membukanya.",
    copyFailed: "Tautan tidak dapat disalin. Salin dari bilah alamat."
  },
  errors: {
    list: "File tidak dapat dimuat.",
    deleteMany: "Gagal menghapus item.",
    move: "Gagal memindahkan.",
    favorite: "Gagal memperbarui favorit.",
    restore: "Gagal memulihkan.",
    purge: "Gagal menghapus permanen.",
    emptyTrash: "Gagal mengosongkan tempat sampah.",
    publish: "Gagal mengubah akses publik.",
    metadata: "Gagal menyimpan metadata.",
    info: "Detail tidak dapat dimuat.",
    folderTree: "Folder tidak dapat dimuat."
  },
  validation: {
    nameTooLong: "Gunakan paling banyak {{max}} karakter.",
    nameSlash: "Nama tidak boleh berisi “/”.",
    reservedKey: "Kata kunci ini dipakai untuk akses publik."
  }
}
