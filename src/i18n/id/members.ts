// Dialog anggota: undangan, daftar kolaborator, peran, dan kepemilikan.
import type { members as en } from "../en/members.ts"

export const members: typeof en = {
  title: "Kolaborator",
  description: "Undang orang ke lab ini dan tentukan apa yang dapat mereka lakukan.",
  invite: {
    label: "Undang orang",
    placeholder: "Email atau nama, lalu Enter",
    role: "Undang sebagai",
    submit: "Undang",
    remove: "Hapus {{email}}",
    suggestions: "Saran",
    searching: "Mencari…",
    noMatch: "Tidak ada yang ditemukan. Tekan Enter untuk mengundang {{email}} lewat email.",
    keepTyping: "Ketik alamat email lengkap untuk mengundang orang baru.",
    invalidEmail: "“{{email}}” bukan alamat email yang valid.",
    alreadyChosen: "{{email}} sudah ada di daftar."
  },
  roles: {
    owner: "Pemilik",
    admin: "Admin",
    reviewer: "Peninjau"
  },
  roleHints: {
    admin: "Dapat menambah, mengubah, dan berbagi",
    reviewer: "Dapat melihat dan berkomentar"
  },
  search: {
    label: "Cari kolaborator",
    placeholder: "Cari berdasarkan nama atau email",
    submit: "Cari",
    clear: "Hapus pencarian"
  },
  list: {
    label: "Kolaborator",
    empty: "Belum ada kolaborator",
    emptyHint: "Undang seseorang di atas untuk bekerja bersama di lab ini.",
    noMatch: "Tidak ada kolaborator yang cocok dengan “{{search}}”.",
    loadingMore: "Memuat…",
    loadMore: "Muat lebih banyak",
    failed: "Kolaborator tidak dapat dimuat.",
    you: "Anda",
    pending: "Undangan terkirim",
    temporary: "Belum diundang",
    inherited: "Dari folder induk"
  },
  actions: {
    label: "Tindakan untuk {{name}}",
    trigger: "{{role}}, tindakan untuk {{name}}",
    role: "Ubah peran menjadi {{role}}",
    delete: "Hapus",
    transfer: "Tawarkan kepemilikan",
    working: "Menyimpan…"
  },
  transfer: {
    title: "Tawarkan kepemilikan?",
    body: "{{name}} akan diminta menerima kepemilikan lab ini. Lab tetap milik Anda sampai ia menerima, dan Anda dapat menarik tawaran ini kapan saja sebelumnya. Setelah diterima, Anda tetap menjadi admin.",
    confirm: "Kirim tawaran",
    cancel: "Batal"
  },
  readOnly: "Hanya pemilik dan admin yang dapat mengundang atau mengubah kolaborator.",
  notices: {
    invited: "Undangan terkirim.",
    roleChanged: "{{name}} sekarang menjadi {{role}}.",
    deleted: "{{name}} telah dihapus dari lab ini.",
    transferred: "Kepemilikan ditawarkan kepada {{name}}. Lab tetap milik Anda sampai ia menerima.",
    transferFailed: "Kepemilikan tidak dapat ditawarkan."
  },
  offer: {
    label: "Tawaran kepemilikan",
    toMe: "{{name}} menawarkan kepemilikan {{kind}} ini kepada Anda ({{size}}).",
    toMeEmpty: "{{name}} menawarkan kepemilikan {{kind}} ini kepada Anda.",
    toMeHint: "Jika diterima, lab menjadi milik Anda dan dihitung dalam penyimpanan Anda; {{name}} tetap menjadi admin.",
    fromMe: "Anda menawarkan kepemilikan {{kind}} ini kepada {{name}}.",
    fromMeHint: "Lab tetap milik Anda sampai ia menerima.",
    between: "{{from}} menawarkan kepemilikan {{kind}} ini kepada {{to}}.",
    folder: "folder",
    file: "berkas",
    accept: "Terima",
    decline: "Tolak",
    withdraw: "Tarik tawaran",
    needsRoomFolder: "Anda memerlukan ruang {{amount}} lagi untuk menerima folder ini.",
    needsRoomFile: "Anda memerlukan ruang {{amount}} lagi untuk menerima berkas ini.",
    freeRoom: "Kosongkan penyimpanan atau pilih paket yang lebih besar, lalu terima lagi.",
    accepted: "Anda sekarang pemilik {{lab}}.",
    declined: "Tawaran ditolak.",
    withdrawn: "Tawaran ditarik.",
    loadFailed: "Tawaran kepemilikan tidak dapat dimuat.",
    retry: "Coba lagi"
  }
}
