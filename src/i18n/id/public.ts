import type { publicPages as en } from "../en/public.ts"

export const publicPages: typeof en = {
  landing: {
    metaTitle: "Preparat — laboratorium citra digital untuk patologi",
    metaDescription:
      "Preparat adalah platform laboratorium citra digital dengan teknologi kecerdasan buatan: simpan slide mikroskop di satu tempat, lihat dengan deep zoom, beri anotasi bersama tim, dan jalankan analisis AI.",
    eyebrow: "Ruang kerja patologi digital",
    title: "Slide, tim, dan analisis AI Anda dalam satu laboratorium",
    lead: "Preparat adalah platform laboratorium citra digital dengan teknologi kecerdasan buatan. Unggah citra whole-slide, tinjau dengan deep zoom, beri anotasi bersama secara real time, dan jalankan analisis kuantitatif — semuanya di browser.",
    primaryCta: "Buat akun gratis",
    secondaryCta: "Masuk",
    ctaNote: "Tanpa instalasi. Berjalan di browser modern mana pun.",
    heroAlt: "Ilustrasi slide jaringan berwarna di penampil Preparat dengan area beranotasi",
    heroViewer: "Penampil",
    heroAnnotation: "Area pengamatan",
    heroAi: "Analisis AI",
    featuresTitle: "Dibuat untuk cara kerja lab",
    featuresLead: "Dari pemindaian pertama hingga laporan akhir, setiap langkah ada di satu ruang kerja bersama.",
    features: {
      viewerTitle: "Penampil slide deep-zoom",
      viewerBody: "Buka citra whole-slide berukuran gigapiksel seketika, geser dan perbesar dengan mulus hingga detail sel.",
      organiseTitle: "Folder sesuai lab Anda",
      organiseBody:
        "Atur slide per studi, pasien, atau mata kuliah; jelajahi dalam tampilan grid atau tabel dan beri bintang yang sering dipakai.",
      annotateTitle: "Anotasi bersama",
      annotateBody: "Gambar dengan pensil, poligon, dan persegi, hitung sel, dan beri label area; rekan melihat perubahan secara langsung.",
      discussTitle: "Obrolan, catatan, dan laporan",
      discussBody: "Diskusikan slide di samping citranya, simpan catatan, dan tulis laporan per slide yang siap diunduh.",
      aiTitle: "Analisis AI",
      aiBody: "Jalankan analisis kuantitatif pada suatu area dan terima hasilnya sebagai anotasi yang dapat ditinjau dan dikoreksi.",
      shareTitle: "Berbagi dengan peran",
      shareBody: "Undang kolaborator sebagai admin atau reviewer, alihkan kepemilikan, atau buka lab untuk publik."
    },
    analysesTitle: "Analisis yang tersedia",
    analysesLead: "Layanan AI termasuk dalam paket berbayar dan dijalankan pada area yang Anda pilih.",
    analyses: {
      ki67: "Indeks proliferasi pada pewarnaan imunohistokimia",
      fasciola: "Deteksi Fasciola pada sampel mikroskopis",
      comet: "Pengukuran kerusakan DNA dari citra comet assay",
      stroke: "Penilaian area infark pada irisan otak",
      imt: "Pengukuran ketebalan intima-media",
      periodentitis: "Penilaian jaringan periodontal"
    },
    stepsTitle: "Cara kerjanya",
    steps: {
      oneTitle: "Digitalkan",
      oneBody: "Unggah citra slide, atau kirimkan slide kaca dan kami yang memindainya.",
      twoTitle: "Atur dan bagikan",
      twoBody: "Masukkan slide ke folder dan undang orang yang perlu meninjaunya.",
      threeTitle: "Anotasi dan analisis",
      threeBody: "Tandai area, hitung, diskusikan, dan jalankan analisis AI pada slide.",
      fourTitle: "Laporkan",
      fourBody: "Tulis laporan di samping citra dan unduh setelah selesai."
    },
    scanTitle: "Tidak punya pemindai slide? Kami digitalkan slide Anda.",
    scanBody: "Layanan pemindaian kami mengubah preparat kaca Anda menjadi citra whole-slide di lab Preparat Anda.",
    scanCta: "Pelajari pemindaian slide",
    finalTitle: "Satukan slide lab Anda",
    finalBody: "Buat akun dalam satu menit dan undang tim Anda saat siap.",
    dashboardCta: "Buka lab Anda"
  },
  notFound: {
    metaTitle: "Halaman tidak ditemukan",
    code: "404",
    title: "Halaman tidak ditemukan",
    subtitle: "Halaman ini tidak dapat ditemukan",
    body: "Tautan mungkin rusak, atau halaman telah dipindahkan. Periksa alamatnya, atau kembali ke file Anda.",
    back: "Kembali ke Semua File",
    contact: "Hubungi kami"
  },
  loadingPreview: {
    metaTitle: "Pratinjau pemuatan",
    caption: "Pratinjau pengembangan: ini tampilan saat sebuah halaman sedang dimuat."
  },
  requestScan: {
    metaTitle: "Ajukan pemindaian slide",
    eyebrow: "Layanan pemindaian slide",
    title: "Ajukan pemindaian slide",
    lead: "Kirimkan slide kaca Anda dan kami kembalikan sebagai citra whole-slide beresolusi tinggi, siap di lab Preparat Anda.",
    noticeTitle: "Pengajuan online segera dibuka",
    noticeBody:
      "Formulir pengajuan sedang disiapkan. Sampai formulir dibuka, hubungi kami via WhatsApp dan kami atur pemindaiannya bersama Anda.",
    contact: "Atur pemindaian via WhatsApp",
    stepsTitle: "Cara kerja layanan",
    steps: {
      oneTitle: "Jelaskan slide Anda",
      oneBody: "Beri tahu jumlah preparat dan cara pembuatannya.",
      twoTitle: "Tinjau pengajuan",
      twoBody: "Periksa detailnya dalam ringkasan sebelum dikirim.",
      threeTitle: "Kirim slide",
      threeBody: "Kirim atau serahkan slide kaca; kami konfirmasi saat slide tiba.",
      fourTitle: "Terima citranya",
      fourBody: "Slide hasil pindai muncul di lab Anda, dan slide kaca dikembalikan bila Anda minta."
    },
    prepareTitle: "Yang akan kami tanyakan",
    prepare: {
      count: "Jumlah preparat",
      diagnosis: "Diagnosis",
      section: "Potongan",
      stain: "Pewarnaan slide",
      magnification: "Perbesaran",
      notes: "Catatan untuk tim kami",
      returnSlides: "Apakah slide dikembalikan, dan alamat pengembaliannya"
    },
    signInHint: "Sudah punya akun? Slide hasil pindai dikirim ke lab akun yang Anda gunakan.",
    signIn: "Masuk"
  },
  eula: {
    metaTitle: "End User License Agreement",
    metaTitleBahasa: "Perjanjian Lisensi Pengguna Akhir",
    lastUpdated: "Terakhir diperbarui: {{date}}",
    otherLanguage: "Baca dalam Bahasa Indonesia",
    otherLanguageBahasa: "Read in English",
    contents: "Daftar isi",
    print: "Cetak",
    questions: "Ada pertanyaan tentang ketentuan ini?"
  }
}
