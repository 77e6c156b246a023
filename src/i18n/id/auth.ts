// Halaman masuk, pendaftaran dan pemulihan akun.
import type { auth as en } from "../en/auth.ts"

export const auth: typeof en = {
  fields: {
    email: "Email",
    password: "Kata sandi",
    confirmPassword: "Konfirmasi kata sandi",
    fullName: "Nama lengkap",
    newPassword: "Kata sandi baru",
    confirmNewPassword: "Konfirmasi kata sandi baru",
    otp: "Kode autentikasi",
    backupCode: "Kode cadangan"
  },
  backToSignIn: "Kembali ke halaman masuk",
  login: {
    title: "Masuk ke Preparat",
    lead: "Selamat datang kembali. Masuk ke slide dan lab Anda.",
    submit: "Masuk",
    forgotPassword: "Lupa kata sandi?",
    noAccount: "Baru di Preparat?",
    register: "Buat akun",
    sessionEnded: "Sesi Anda telah berakhir. Masuk lagi untuk kembali ke halaman tadi."
  },
  mfa: {
    title: "Autentikasi dua faktor",
    leadOtp: "Masukkan kode 6 digit dari aplikasi autentikator Anda untuk {{email}}.",
    leadBackup: "Masukkan salah satu kode cadangan Anda untuk {{email}}. Setiap kode hanya berlaku sekali.",
    verify: "Verifikasi",
    useBackupCode: "Gunakan kode cadangan",
    useAuthenticator: "Gunakan kode autentikator",
    lostAuthenticator: "Kehilangan autentikator dan kode cadangan Anda?",
    resetMfa: "Atur ulang 2FA",
    back: "Gunakan akun lain"
  },
  register: {
    title: "Buat akun Anda",
    lead: "Mulai mengatur, membagikan dan menganotasi slide Anda.",
    eulaBefore: "Saya menerima ",
    eulaLink: "kebijakan privasi dan EULA",
    policyTitle: "Kata sandi Anda memerlukan",
    policy: {
      length: "Minimal 8 karakter",
      uppercase: "Satu huruf kapital",
      digit: "Satu angka",
      special: "Salah satu dari @ $ ! % * ?"
    },
    policyMet: "terpenuhi",
    policyUnmet: "belum terpenuhi",
    submit: "Buat akun",
    haveAccount: "Sudah punya akun?",
    signIn: "Masuk"
  },
  registered: {
    title: "Periksa email Anda",
    lead: "Kami telah mengirim tautan aktivasi ke {{email}}. Buka tautan itu untuk mengaktifkan akun Anda.",
    leadNoEmail: "Kami telah mengirim tautan aktivasi. Buka tautan itu untuk mengaktifkan akun Anda.",
    notArrived: "Belum ada email setelah beberapa menit? Periksa folder spam, atau",
    resend: "kirim ulang"
  },
  verify: {
    title: "Akun Anda sudah aktif",
    lead: "Terima kasih telah memverifikasi email Anda. Sekarang Anda dapat masuk.",
    signIn: "Masuk"
  },
  unverified: {
    title: "Aktifkan akun Anda",
    lead: "Akun Anda belum aktif. Ikuti tautan di email aktivasi. Jika tautan kedaluwarsa atau tidak pernah sampai, kami dapat mengirim yang baru.",
    submit: "Kirim ulang email verifikasi",
    sent: "Jika ada akun dengan {{email}} yang menunggu aktivasi, tautan baru sedang dikirim."
  },
  resetPassword: {
    title: "Atur ulang kata sandi",
    lead: "Masukkan email akun Anda dan kami akan mengirim tautan untuk memilih kata sandi baru.",
    submit: "Kirim tautan atur ulang",
    sent: "Jika ada akun yang memakai {{email}}, tautan atur ulang sedang dikirim. Tautan hanya berlaku sekali."
  },
  resetConfirm: {
    title: "Pilih kata sandi baru",
    lead: "Kata sandi baru Anda menggantikan yang lama di mana pun.",
    submit: "Simpan kata sandi baru",
    done: "Kata sandi Anda telah diatur ulang. Masuk dengan kata sandi baru Anda.",
    linkRefused: "Tautan atur ulang ini tidak valid, sudah dipakai atau kedaluwarsa.",
    requestNew: "Minta tautan baru"
  },
  resetMfa: {
    title: "Atur ulang autentikasi dua faktor",
    lead: "Masukkan email akun Anda. Kami akan mengirim tautan yang menonaktifkan autentikasi dua faktor, sehingga Anda dapat masuk dengan kata sandi dan mengaturnya kembali.",
    submit: "Kirim tautan atur ulang",
    sent: "Jika ada akun dengan autentikasi dua faktor yang memakai {{email}}, tautan atur ulang sedang dikirim.",
    confirmTitle: "Konfirmasi atur ulang 2FA",
    confirmLead: "Masukkan kata sandi Anda untuk menonaktifkan autentikasi dua faktor.",
    confirmSubmit: "Atur ulang 2FA",
    done: "Autentikasi dua faktor dinonaktifkan. Masuk dengan kata sandi Anda, lalu atur kembali di Pengaturan.",
    linkRefused: "Tautan atur ulang ini tidak valid, sudah dipakai atau kedaluwarsa.",
    requestNew: "Minta tautan baru"
  }
}
