// Perjanjian Lisensi Pengguna Akhir, versi Bahasa Indonesia (/eula-bahasa).
import type { LegalDocument } from "./document.ts"

export const eulaBahasa: LegalDocument = {
  lang: "id",
  title: "Perjanjian Lisensi Pengguna Akhir",
  updated: "2025-01-15",
  intro: [
    "Perjanjian Lisensi Pengguna Akhir ini (“Perjanjian”) adalah kontrak antara Anda dan pengelola Preparat (“Preparat”, “kami”) mengenai penggunaan aplikasi web Preparat, antarmuka pemrogramannya, dan layanan terkait (bersama-sama disebut “Layanan”).",
    "Dengan membuat akun atau menggunakan Layanan, Anda menyatakan telah membaca, memahami, dan menyetujui Perjanjian ini. Jika Anda menggunakan Layanan atas nama laboratorium, rumah sakit, universitas, atau perusahaan, Anda menyatakan berwenang menyetujui Perjanjian ini untuk organisasi tersebut."
  ],
  sections: [
    {
      id: "layanan",
      title: "Layanan",
      blocks: [
        "Preparat adalah platform laboratorium citra digital dengan teknologi kecerdasan buatan. Layanan ini memungkinkan Anda menyimpan citra mikroskop dan whole-slide dalam folder (“lab”), melihatnya, memberi anotasi, mendiskusikannya dengan kolaborator, menulis catatan dan laporan, menjalankan analisis citra, serta mengajukan pemindaian slide fisik.",
        "Kami dapat mengubah, menyempurnakan, atau menghentikan fitur Layanan. Jika suatu perubahan secara berarti mengurangi isi paket berbayar, kami akan memberi tahu Anda sebelumnya."
      ]
    },
    {
      id: "akun",
      title: "Akun Anda",
      blocks: [
        "Anda wajib memberikan informasi yang benar saat mendaftar dan memperbaruinya. Anda bertanggung jawab atas semua tindakan yang dilakukan melalui akun Anda.",
        {
          list: [
            "Rahasiakan kata sandi Anda dan gunakan kata sandi yang kuat; kami menyarankan untuk mengaktifkan autentikasi dua faktor.",
            "Simpan kode cadangan autentikasi dua faktor di tempat yang aman; siapa pun yang memegangnya dapat masuk sebagai Anda.",
            "Segera beri tahu kami jika Anda menduga akun Anda digunakan tanpa izin."
          ]
        }
      ]
    },
    {
      id: "lisensi",
      title: "Lisensi penggunaan Layanan",
      blocks: [
        "Dengan tunduk pada Perjanjian ini, kami memberi Anda lisensi pribadi, non-eksklusif, tidak dapat dialihkan, dan dapat dicabut untuk menggunakan Layanan bagi pekerjaan profesional, pendidikan, atau penelitian Anda.",
        "Anda tidak boleh menyalin, mengubah, menjual kembali, atau merekayasa balik Layanan, menghindari pengamanan atau batas penggunaannya, atau menggunakannya untuk membangun produk pesaing."
      ]
    },
    {
      id: "konten",
      title: "Konten Anda",
      blocks: [
        "Citra, anotasi, pesan, catatan, laporan, dan materi lain yang Anda unggah atau buat (“Konten Anda”) tetap milik Anda. Anda hanya memberi kami hak yang diperlukan untuk menyimpan, memproses, menampilkan, dan mengirimkan Konten Anda guna menyediakan Layanan bagi Anda dan orang-orang yang Anda beri akses.",
        "Anda menyatakan berhak mengunggah Konten Anda dan bahwa hal itu tidak melanggar hukum, kewajiban profesi, atau perjanjian apa pun, termasuk aturan tentang persetujuan dan kerahasiaan pasien."
      ]
    },
    {
      id: "data-pasien",
      title: "Data pasien dan penggunaan klinis",
      blocks: [
        "Slide dapat memuat atau terkait dengan informasi pasien. Hapus atau samarkan informasi identitas sejauh pekerjaan Anda memungkinkan, dan bagikan lab hanya kepada orang yang berhak melihatnya.",
        "Preparat mendukung pekerjaan tenaga profesional yang berkualifikasi. Anotasi, hasil penghitungan, dan hasil analisis AI adalah alat bantu interpretasi, bukan diagnosis: setiap keputusan klinis tetap menjadi tanggung jawab profesional yang mengambilnya."
      ]
    },
    {
      id: "berbagi",
      title: "Berbagi dan peran",
      blocks: [
        "Pemilik lab menentukan siapa yang dapat mengaksesnya. Kolaborator memiliki peran: admin dapat mengelola isi dan kolaborator lab, reviewer dapat melihat dan memberi anotasi. Kepemilikan dapat dialihkan kepada kolaborator lain.",
        "Jika Anda membuka lab untuk publik, siapa pun yang memiliki tautannya dapat melihatnya. Jangan membuka lab untuk publik jika berisi informasi rahasia atau identitas."
      ]
    },
    {
      id: "paket",
      title: "Paket, pembayaran, dan penyimpanan",
      blocks: [
        "Beberapa fitur, termasuk analisis AI dan penandaan otomatis, hanya tersedia pada paket berbayar. Setiap paket mencakup kuota penyimpanan; unggahan ditolak jika kuota penuh.",
        "Pembayaran melalui transfer bank dikonfirmasi setelah kami memverifikasi bukti pembayaran, biasanya dalam 2 × 24 jam. Biaya yang telah dibayar tidak dapat dikembalikan kecuali diwajibkan oleh hukum."
      ]
    },
    {
      id: "pemindaian",
      title: "Layanan pemindaian slide",
      blocks: [
        "Saat mengajukan pemindaian, Anda mengirimkan preparat fisik kepada kami. Kami menjaganya dengan wajar dan mengembalikannya jika Anda minta ke alamat yang Anda berikan. Slide kaca mudah pecah: kemas dengan baik, karena kami tidak bertanggung jawab atas kerusakan dalam pengiriman sebelum slide sampai kepada kami."
      ]
    },
    {
      id: "penggunaan",
      title: "Penggunaan yang diperbolehkan",
      blocks: [
        {
          list: [
            "Jangan mengunggah materi yang melanggar hukum atau yang tidak boleh Anda bagikan.",
            "Jangan mencoba mengakses lab, akun, atau sistem yang tidak diberikan kepada Anda.",
            "Jangan membebani Layanan secara berlebihan, menguji celah keamanannya tanpa izin tertulis dari kami, atau mengganggu pengguna lain."
          ]
        },
        "Kami dapat menangguhkan akun yang melanggar aturan ini, dengan peringatan terlebih dahulu bila keadaan memungkinkan."
      ]
    },
    {
      id: "privasi",
      title: "Privasi dan keamanan",
      blocks: [
        "Kami memproses data pribadi untuk menyediakan, mengamankan, dan menyempurnakan Layanan. Kami melindungi data saat dikirim dengan enkripsi, menyimpan kata sandi hanya sebagai hash satu arah yang kuat, dan mencatat aktivitas akun yang terkait keamanan yang dapat Anda tinjau di pengaturan."
      ]
    },
    {
      id: "tanggung-jawab",
      title: "Ketersediaan dan tanggung jawab",
      blocks: [
        "Kami berupaya menjaga Layanan tetap tersedia dan data Anda aman, namun Layanan disediakan “sebagaimana adanya”. Simpan salinan sendiri atas materi yang tidak boleh hilang.",
        "Sejauh diizinkan hukum, kami tidak bertanggung jawab atas kerugian tidak langsung, dan tanggung jawab kami secara keseluruhan terbatas pada biaya yang Anda bayar dalam dua belas bulan sebelum kejadian yang menjadi dasar tuntutan."
      ]
    },
    {
      id: "pengakhiran",
      title: "Berakhirnya Perjanjian",
      blocks: [
        "Anda dapat berhenti menggunakan Layanan dan meminta kami menutup akun Anda kapan saja. Kami dapat mengakhiri Perjanjian ini jika Anda melanggarnya secara serius atau berulang. Setelah akun ditutup, kami menghapus Konten Anda dalam jangka waktu yang wajar, kecuali hukum mewajibkan kami menyimpannya."
      ]
    },
    {
      id: "perubahan",
      title: "Perubahan dan hukum yang berlaku",
      blocks: [
        "Kami dapat memperbarui Perjanjian ini. Perubahan penting akan kami umumkan di Layanan sebelum berlaku; dengan tetap menggunakan Layanan setelahnya, Anda menyetujui perubahan tersebut.",
        "Perjanjian ini tunduk pada hukum Republik Indonesia. Jika terdapat perbedaan antara versi bahasa Inggris dan bahasa Indonesia, versi bahasa Indonesia yang berlaku."
      ]
    }
  ]
}
