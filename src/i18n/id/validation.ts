import type { validation as en } from "../en/validation.ts"

export const validation: typeof en = {
  tooLong: "Isian ini terlalu panjang.",
  required: "Kolom ini wajib diisi.",
  invalid: "Masukkan nilai yang valid.",
  email: "Masukkan alamat email yang valid.",
  passwordMin: "Kata sandi minimal 8 karakter.",
  passwordPolicy: "Kata sandi harus berisi huruf besar, angka, dan salah satu dari @$!%*?",
  passwordMismatch: "Kedua kata sandi tidak sama.",
  newPasswordMismatch: "Kata sandi baru tidak sama.",
  otpRequired: "Kode OTP wajib diisi",
  otpFormat: "Masukkan 6 digit kode dari aplikasi autentikator Anda.",
  eula: "Anda harus menyetujui kebijakan privasi dan EULA.",
  avatarFormat: "Foto avatar harus berformat gambar!",
  avatarSize: "Ukuran foto avatar tidak boleh lebih dari 2MB!",
  atLeast1User: "Masukkan minimal 1 pengguna.",
  folderName: "Nama folder wajib diisi.",
  wholeNumber: "Masukkan bilangan bulat.",
  preparations: "Masukkan angka dari 1 sampai 500.",
  phone: "Masukkan nomor telepon (hanya angka, spasi, dan + ( ) -).",
  returnAddress: "Masukkan alamat pengembalian preparat.",
  choice: "Pilih salah satu pilihan."
}
