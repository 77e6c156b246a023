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
    transfer: "Alihkan kepemilikan",
    working: "Menyimpan…"
  },
  transfer: {
    title: "Alihkan kepemilikan?",
    body: "{{name}} akan menjadi pemilik lab ini. Anda tetap menjadi admin, dan hanya pemilik baru yang dapat mengalihkannya kembali.",
    confirm: "Alihkan kepemilikan",
    cancel: "Batal"
  },
  readOnly: "Hanya pemilik dan admin yang dapat mengundang atau mengubah kolaborator.",
  notices: {
    invited: "Undangan terkirim.",
    roleChanged: "{{name}} sekarang menjadi {{role}}.",
    deleted: "{{name}} telah dihapus dari lab ini.",
    transferred: "{{name}} sekarang menjadi pemilik. Anda menjadi admin.",
    transferFailed: "Kepemilikan tidak dapat dialihkan."
  }
}
