// Public pages: the landing page, terms, request-scan, 404 and the loading preview.
export const publicPages = {
  landing: {
    metaTitle: "Preparat — digital image laboratory for pathology",
    metaDescription:
      "Preparat is a digital image laboratory platform with artificial-intelligence technology: keep microscope slides in one place, view them in deep zoom, annotate them with your team and run AI analyses.",
    eyebrow: "Digital pathology workspace",
    title: "Your slides, your team and AI analysis in one laboratory",
    lead: "Preparat is a digital image laboratory platform with artificial-intelligence technology. Upload whole-slide images, review them in deep zoom, annotate together in real time and run quantitative analyses — all in the browser.",
    primaryCta: "Create free account",
    secondaryCta: "Sign in",
    ctaNote: "No installation. Works in any modern browser.",
    heroAlt: "Illustration of a stained tissue slide in the Preparat viewer with an annotated region",
    heroViewer: "Viewer",
    heroAnnotation: "Region of interest",
    heroAi: "AI analysis",
    featuresTitle: "Built for the way labs work",
    featuresLead: "From the first scan to the final report, every step happens in one shared workspace.",
    features: {
      viewerTitle: "Deep-zoom slide viewer",
      viewerBody: "Open gigapixel whole-slide images instantly and pan and zoom smoothly, down to cellular detail.",
      organiseTitle: "Folders that match your lab",
      organiseBody: "Organise slides by study, patient or course; browse in grid or table view and star what you use most.",
      annotateTitle: "Annotation together",
      annotateBody: "Draw with pencil, polygon and rectangle tools, count cells and label regions; colleagues see changes live.",
      discussTitle: "Chat, notes and reports",
      discussBody: "Discuss a slide next to the image, keep notes and write a report per slide, ready to download.",
      aiTitle: "AI analysis",
      aiBody: "Run quantitative analyses on a region and receive the result as annotations you can review and correct.",
      shareTitle: "Sharing with roles",
      shareBody: "Invite collaborators as admin or reviewer, transfer ownership, or make a lab publicly viewable."
    },
    analysesTitle: "Analyses available today",
    analysesLead: "AI services are part of the paid plans and run on the regions you choose.",
    analyses: {
      ki67: "Proliferation index on immunohistochemistry stains",
      fasciola: "Detection of Fasciola in microscopy samples",
      comet: "DNA damage measurement from comet assay images",
      stroke: "Infarct area assessment on brain sections",
      imt: "Intima-media thickness measurement",
      periodentitis: "Periodontal tissue assessment"
    },
    stepsTitle: "How it works",
    steps: {
      oneTitle: "Digitise",
      oneBody: "Upload slide images, or send us glass slides and we scan them for you.",
      twoTitle: "Organise and share",
      twoBody: "Put slides in folders and invite the people who should review them.",
      threeTitle: "Annotate and analyse",
      threeBody: "Mark regions, count, discuss and run AI analyses on the slide.",
      fourTitle: "Report",
      fourBody: "Write the report beside the image and download it when it is done."
    },
    scanTitle: "No slide scanner? We digitise your slides.",
    scanBody: "Our scanning service turns your glass preparations into whole-slide images in your Preparat lab.",
    scanCta: "Learn about slide scanning",
    finalTitle: "Bring your lab's slides together",
    finalBody: "Create an account in a minute and invite your team when you are ready.",
    dashboardCta: "Open your labs"
  },
  notFound: {
    metaTitle: "Page not Found",
    code: "404",
    title: "Page not Found",
    subtitle: "This page could not be found",
    body: "The link may be broken, or the page may have moved. Check the address, or head back to your files.",
    back: "Back to All Files",
    contact: "Contact us"
  },
  loadingPreview: {
    metaTitle: "Loading preview",
    caption: "Development preview: this is the screen shown while a page is loading."
  },
  requestScan: {
    metaTitle: "Request a slide scan",
    eyebrow: "Slide scanning service",
    title: "Request a slide scan",
    lead: "Send us your glass slides and we return them as high-resolution whole-slide images, ready in your Preparat lab.",
    noticeTitle: "Online requests open soon",
    noticeBody: "The request form is being prepared. Until it opens, contact us on WhatsApp and we will arrange your scan with you.",
    contact: "Arrange a scan on WhatsApp",
    stepsTitle: "How the service works",
    steps: {
      oneTitle: "Describe your slides",
      oneBody: "Tell us how many preparations you have and how they were prepared.",
      twoTitle: "Review the request",
      twoBody: "Check the details in a summary before you send it.",
      threeTitle: "Send the slides",
      threeBody: "Ship or hand over the glass slides; we confirm when they arrive.",
      fourTitle: "Receive the images",
      fourBody: "Scanned slides appear in your lab, and the glass slides come back if you ask."
    },
    prepareTitle: "What we will ask for",
    prepare: {
      count: "Number of preparations",
      diagnosis: "Diagnosis",
      section: "Section",
      stain: "Slide stain",
      magnification: "Magnification",
      notes: "Notes for our team",
      returnSlides: "Whether to return the slides, and the return address"
    },
    signInHint: "Have an account already? Scanned slides are delivered to the lab of the account you use.",
    signIn: "Sign in"
  },
  eula: {
    metaTitle: "End User License Agreement",
    metaTitleBahasa: "Perjanjian Lisensi Pengguna Akhir",
    lastUpdated: "Last updated: {{date}}",
    otherLanguage: "Baca dalam Bahasa Indonesia",
    otherLanguageBahasa: "Read in English",
    contents: "Contents",
    print: "Print",
    questions: "Questions about these terms?"
  }
}
