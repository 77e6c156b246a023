import type { publicPages as en } from "../en/public.ts"

export const publicPages: typeof en = {
  landing: {
    metaTitle: "Preparat — laboratorium citra digital untuk patologi",
    metaDescription:
      "Preparat adalah laboratorium citra digital untuk patologi: simpan slide mikroskop di satu tempat, lihat dengan deep zoom, tandai dan hitung bersama tim, dan diskusikan di samping citranya.",
    eyebrow: "Ruang kerja patologi digital",
    title: "Slide dan tim Anda dalam satu laboratorium",
    lead: "Unggah citra whole-slide dari pemindai Anda, tinjau dengan deep zoom, tandai jaringan dan hitung sel bersama secara real time, dan bawa anotasi Anda ke QuPath — semuanya di browser.",
    primaryCta: "Buat akun gratis",
    secondaryCta: "Masuk",
    ctaNote: "Tanpa instalasi. Berjalan di browser modern mana pun.",
    heroAlt: "Ilustrasi slide jaringan berwarna di penampil Preparat dengan area beranotasi",
    heroViewer: "Penampil",
    heroAnnotation: "Area pengamatan",
    heroCount: "Sel terhitung",
    featuresTitle: "Dibuat untuk cara kerja lab",
    featuresLead: "Dari pemindaian pertama hingga anotasi bersama, setiap langkah ada di satu ruang kerja.",
    features: {
      viewerTitle: "Penampil slide deep-zoom",
      viewerBody: "Buka citra whole-slide berukuran gigapiksel seketika, geser dan perbesar dengan mulus hingga detail sel.",
      organiseTitle: "Folder sesuai lab Anda",
      organiseBody:
        "Atur slide per studi, pasien, atau mata kuliah; jelajahi dalam tampilan grid atau tabel dan beri bintang yang sering dipakai.",
      annotateTitle: "Anotasi bersama",
      annotateBody:
        "Tandai jaringan dengan persegi, elips, poligon, gambar bebas, kuas, dan tongkat ajaib, lubangnya tetap terjaga; hitung sel dengan titik dan beri label area. Rekan melihat setiap perubahan secara langsung.",
      discussTitle: "Obrolan, catatan, dan laporan",
      discussBody:
        "Diskusikan slide di samping citranya dengan pesan yang tiba secara langsung, simpan catatan, dan tulis laporan terstruktur beserta pengukurannya, diunduh sebagai PDF.",
      interchangeTitle: "Anotasi yang bisa dibawa",
      interchangeBody:
        "Ekspor dan impor anotasi sebagai QuPath GeoJSON atau W3C Web Annotation, lengkap dengan label, lubang, dan namanya.",
      analyseTitle: "Analisis citra",
      analyseBody:
        "Pada paket berbayar: indeks Ki67 dan H-score, jumlah telur Fasciola beserta telur per gram, tail moment comet assay, ukuran infark stroke pada irisan TTC, ketebalan intima-media karotis pada ultrasonografi, kehilangan tulang periodontal beserta stadium dan grade-nya pada radiografi gigi, dan penghitungan sel, diukur dari piksel slide itu sendiri. Hasilnya muncul di slide sebagai anotasi yang dilihat seluruh tim.",
      formatsTitle: "Berkas asli pemindai",
      formatsBody:
        "Unggah citra whole-slide Aperio SVS, Hamamatsu NDPI dan VMS, 3DHistech MRXS, Ventana BIF, Leica SCN, Philips TIFF, dan DICOM apa adanya dari pemindai; slide yang terdiri dari beberapa berkas diunggah sebagai satu zip. Label dan makro, yang bisa memuat nama pasien, tetap privat dan tidak ikut diunduh.",
      shareTitle: "Berbagi dengan peran",
      shareBody: "Undang kolaborator sebagai admin atau reviewer, alihkan kepemilikan, atau buka lab untuk publik."
    },
    featureOpen: "Buka lab Anda",
    featureOpenSlide: "Buka slide terakhir Anda",
    featureSignIn: "Masuk untuk memakainya",
    stepsTitle: "Cara kerjanya",
    steps: {
      oneTitle: "Digitalkan",
      oneBody: "Unggah citra slide, atau kirimkan slide kaca dan kami yang memindainya.",
      twoTitle: "Atur dan bagikan",
      twoBody: "Masukkan slide ke folder dan undang orang yang perlu meninjaunya.",
      threeTitle: "Anotasi dan diskusi",
      threeBody: "Tandai area, hitung sel, dan bahas slide di samping citranya.",
      fourTitle: "Lanjutkan di tempat lain",
      fourBody: "Unduh anotasi sebagai QuPath GeoJSON atau W3C Web Annotation, untuk dilanjutkan di QuPath atau perangkat Anda sendiri."
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
    form: {
      label: "Pengajuan pemindaian",
      progress: "Langkah {{current}} dari {{total}}",
      stepList: "Langkah pengajuan",
      done: "selesai",
      current: "langkah saat ini",
      loading: "Memuat formulir",
      loadFailed: "Pilihan formulir tidak dapat dimuat.",
      back: "Kembali",
      next: "Lanjut",
      review: "Tinjau pengajuan",
      submit: "Kirim pengajuan",
      edit: "Ubah",
      editStep: "Ubah {{step}}",
      failed: "Pengajuan pemindaian gagal dikirim",
      yes: "Ya",
      no: "Tidak",
      none: "Tidak ada"
    },
    stepNames: {
      specimen: "Spesimen",
      preparation: "Pembuatan",
      handling: "Pengembalian dan catatan",
      contact: "Kontak",
      review: "Tinjauan"
    },
    stepLeads: {
      specimen: "Berapa slide kaca, dan apa isinya.",
      preparation: "Cara slide dibuat, dan seberapa detail slide dipindai.",
      handling: "Apakah slide kaca dikembalikan kepada Anda, dan hal lain yang perlu diketahui tim kami.",
      contact: "Siapa yang kami kabari saat slide tiba dan hasil pindaian siap.",
      review: "Periksa semuanya sebelum dikirim. Tidak ada yang terkirim sebelum Anda mengirimnya."
    },
    fields: {
      preparations: "Jumlah preparat",
      preparationsHint: "Slide kaca yang dipindai, 1 sampai 500.",
      diagnosis: "Diagnosis",
      diagnosisHint: "Diagnosis klinis atau kerja, agar kami memindai bagian yang penting.",
      section: "Jenis potongan",
      sectionPlaceholder: "Pilih cara jaringan dibuat",
      stain: "Pewarnaan slide",
      stainPlaceholder: "Pilih pewarnaan",
      magnification: "Perbesaran",
      magnification20: "20x",
      magnification20Hint: "0,5 µm per piksel. Diagnosis rutin, pemindaian tercepat.",
      magnification40: "40x",
      magnification40Hint: "0,25 µm per piksel. Detail halus: sitologi, mikroorganisme, penilaian IHK.",
      returnSlides: "Kembalikan slide kaca kepada Anda?",
      returnYes: "Ya, kirim kembali",
      returnYesHint: "Melalui kurir, ke alamat yang Anda berikan.",
      returnNo: "Tidak perlu",
      returnNoHint: "Laboratorium menyimpannya untuk Anda.",
      returnAddress: "Alamat pengembalian",
      returnAddressHint: "Penerima, jalan, kota, dan kode pos.",
      notes: "Catatan (opsional)",
      notesHint: "Slide rapuh, area yang diminati, tenggat waktu: apa pun yang perlu diketahui tim kami.",
      contactName: "Nama lengkap",
      contactEmail: "Email",
      contactPhone: "Telepon (opsional)",
      contactPhoneHint: "Hanya jika kurir mungkin perlu menelepon Anda."
    },
    account: {
      title: "Dikirim dari akun Anda",
      body: "Kami menyurati {{email}} dan menampilkan pengajuan ini di daftar pengajuan pemindaian Anda."
    },
    sent: {
      title: "Pengajuan pemindaian terkirim",
      reference: "Nomor referensi {{reference}}",
      mailed: "Kami mengirim konfirmasi ke {{email}}.",
      nextTitle: "Langkah selanjutnya",
      next: "Kirim atau antarkan slide kaca ke laboratorium kami dengan nomor referensi pada paket. Kami mengabari saat slide tiba dan saat hasil pindaian siap.",
      mine: "Lihat pengajuan pemindaian saya",
      another: "Kirim pengajuan lain",
      account: "Dengan akun, Anda dapat memantau setiap pengajuan secara online."
    },
    shipping: {
      title: "Ke mana slide kaca dikirim",
      parcel: "Tulis ini pada paket",
      address: "Alamat",
      hours: "Jam buka",
      packingTitle: "Cara mengemas slide",
      packing: {
        mailer: "Masukkan slide ke slide mailer atau kotak slide, satu per slot, agar slide tidak saling bersentuhan.",
        padding: "Bungkus kotak dengan bubble wrap dan masukkan ke kardus kokoh dengan bantalan di setiap sisi.",
        dry: "Kirim hanya slide yang media mountingnya sudah kering; kaca penutup yang masih basah bisa bergeser dan tercoreng.",
        reference: "Tulis nomor referensi di bagian luar paket dan pada catatan di dalamnya."
      }
    },
    aside: {
      mineTitle: "Pengajuan pemindaian Anda",
      mineBody: "Pantau setiap pengajuan sejak tiba di laboratorium hingga hasil pindaian ada di folder Anda.",
      mineLink: "Pengajuan pemindaian saya",
      visitorTitle: "Sudah punya akun?",
      visitorBody: "Masuk terlebih dahulu agar dapat memantau pengajuan secara online; hasil pindaian dikirim ke lab Anda.",
      signIn: "Masuk"
    }
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
