// Public pages: the landing page, terms, request-scan, 404 and the loading preview.
export const publicPages = {
  landing: {
    metaTitle: "Preparat — digital image laboratory for pathology",
    metaDescription:
      "Preparat is a digital image laboratory for pathology: keep microscope slides in one place, view them in deep zoom, outline and count on them with your team, and discuss them beside the image.",
    eyebrow: "Digital pathology workspace",
    title: "Your slides and your team in one laboratory",
    lead: "Upload whole-slide images from your scanner, review them in deep zoom, outline tissue and count cells together in real time, and take your annotations to QuPath — all in the browser.",
    primaryCta: "Create free account",
    secondaryCta: "Sign in",
    ctaNote: "No installation. Works in any modern browser.",
    heroAlt: "Illustration of a stained tissue slide in the Preparat viewer with an annotated region",
    heroViewer: "Viewer",
    heroAnnotation: "Region of interest",
    heroCount: "Cells counted",
    featuresTitle: "Built for the way labs work",
    featuresLead: "From the first scan to the shared annotations, every step happens in one workspace.",
    features: {
      viewerTitle: "Deep-zoom slide viewer",
      viewerBody: "Open gigapixel whole-slide images instantly and pan and zoom smoothly, down to cellular detail.",
      organiseTitle: "Folders that match your lab",
      organiseBody: "Organise slides by study, patient or course; browse in grid or table view and star what you use most.",
      annotateTitle: "Annotation together",
      annotateBody:
        "Outline tissue with rectangle, ellipse, polygon, freehand, brush and wand tools, holes kept; count cells with points and label regions. Colleagues see every change live.",
      discussTitle: "Chat, notes and reports",
      discussBody:
        "Discuss a slide next to the image with messages that arrive live, keep notes on it, and write a structured report with its measurements, downloaded as a PDF.",
      interchangeTitle: "Annotations that travel",
      interchangeBody: "Export and import annotations as QuPath GeoJSON or W3C Web Annotations, with their labels, holes and names.",
      analyseTitle: "Image analysis",
      analyseBody:
        "On paid plans: the Ki67 index and H-score, Fasciola egg counts with eggs per gram, comet assay tail moments, stroke infarct size on TTC slices, carotid intima-media thickness on ultrasound, periodontal bone loss with its stage and grade on dental radiographs and cell counting, measured on the slide's own pixels. Results land on the slide as annotations the whole team sees.",
      formatsTitle: "Scanners' own files",
      formatsBody:
        "Upload Aperio SVS, Hamamatsu NDPI and VMS, 3DHistech MRXS, Ventana BIF, Leica SCN, Philips TIFF and DICOM whole-slide images as the scanner wrote them; a slide of several files goes as one zip. The label and macro, which may name a patient, stay private and out of downloads.",
      shareTitle: "Sharing with roles",
      shareBody: "Invite collaborators as admin or reviewer, transfer ownership, or make a lab publicly viewable."
    },
    featureOpen: "Open your labs",
    featureOpenSlide: "Open your last slide",
    featureSignIn: "Sign in to use it",
    stepsTitle: "How it works",
    steps: {
      oneTitle: "Digitise",
      oneBody: "Upload slide images, or send us glass slides and we scan them for you.",
      twoTitle: "Organise and share",
      twoBody: "Put slides in folders and invite the people who should review them.",
      threeTitle: "Annotate and discuss",
      threeBody: "Outline regions, count cells and talk the slide through beside the image.",
      fourTitle: "Take it further",
      fourBody: "Download the annotations as QuPath GeoJSON or W3C Web Annotations, to carry on in QuPath or your own tools."
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
    form: {
      label: "Scan request",
      progress: "Step {{current}} of {{total}}",
      stepList: "Steps of the request",
      done: "done",
      current: "current step",
      loading: "Loading the form",
      loadFailed: "The form could not load its choices.",
      back: "Back",
      next: "Next",
      review: "Review request",
      submit: "Send request",
      edit: "Edit",
      editStep: "Edit {{step}}",
      failed: "Request scan failed to send",
      yes: "Yes",
      no: "No",
      none: "None"
    },
    stepNames: {
      specimen: "Specimen",
      preparation: "Preparation",
      handling: "Return and notes",
      contact: "Contact",
      review: "Review"
    },
    stepLeads: {
      specimen: "How many glass slides, and what they show.",
      preparation: "How the slides were made, and how closely to scan them.",
      handling: "Whether the glass slides come back to you, and anything our team should know.",
      contact: "Who we tell when the slides arrive and the scans are ready.",
      review: "Check everything before you send it. Nothing is sent until you do."
    },
    fields: {
      preparations: "Number of preparations",
      preparationsHint: "Glass slides to scan, from 1 to 500.",
      diagnosis: "Diagnosis",
      diagnosisHint: "The clinical or working diagnosis, so we scan what matters.",
      section: "Section",
      sectionPlaceholder: "Choose how the tissue was prepared",
      stain: "Slide stain",
      stainPlaceholder: "Choose the stain",
      magnification: "Magnification",
      magnification20: "20x",
      magnification20Hint: "0.5 µm per pixel. Routine diagnosis, the fastest scan.",
      magnification40: "40x",
      magnification40Hint: "0.25 µm per pixel. Fine detail: cytology, microorganisms, IHC scoring.",
      returnSlides: "Return the glass slides to you?",
      returnYes: "Yes, send them back",
      returnYesHint: "By courier, to the address you give.",
      returnNo: "No, no need",
      returnNoHint: "The lab keeps them for you.",
      returnAddress: "Return address",
      returnAddressHint: "Recipient, street, city and postal code.",
      notes: "Notes (optional)",
      notesHint: "Fragile slides, regions of interest, a deadline: anything our team should know.",
      contactName: "Full name",
      contactEmail: "Email",
      contactPhone: "Phone (optional)",
      contactPhoneHint: "Only if the courier may need to call you."
    },
    account: {
      title: "Sent from your account",
      body: "We write to {{email}} and show the request under your scan requests."
    },
    sent: {
      title: "Scan request sent",
      reference: "Reference {{reference}}",
      mailed: "We mailed a confirmation to {{email}}.",
      nextTitle: "What happens next",
      next: "Send or bring the glass slides to our lab with the reference on the package. We write when they arrive and when the scans are ready.",
      mine: "See my scan requests",
      another: "Send another request",
      account: "With an account you can follow each request online."
    },
    // Where the glass slides go. The address and opening hours come from the server's
    // configuration; how to pack them is ours to say, here and in the confirmation mail.
    shipping: {
      title: "Where to send the glass slides",
      parcel: "Write this on the parcel",
      address: "Address",
      hours: "Opening hours",
      packingTitle: "How to pack the slides",
      packing: {
        mailer: "Put the slides in a slide mailer or slide box, one per slot, so no two slides touch.",
        padding: "Wrap the box in bubble wrap and pack it in a sturdy carton with padding on every side.",
        dry: "Send only slides whose mounting medium has dried; wet coverslips slip and smear.",
        reference: "Write the reference on the outside of the parcel and on a note inside it."
      }
    },
    aside: {
      mineTitle: "Your scan requests",
      mineBody: "Follow each request from its arrival at the lab to the scans in your folder.",
      mineLink: "My scan requests",
      visitorTitle: "Have an account?",
      visitorBody: "Sign in first, and you can follow your requests online; scans are delivered to your lab.",
      signIn: "Sign in"
    }
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
