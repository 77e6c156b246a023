// End User License Agreement, English version (/eula).
import type { LegalDocument } from "./document.ts"

export const eulaEnglish: LegalDocument = {
  lang: "en",
  title: "End User License Agreement",
  updated: "2025-01-15",
  intro: [
    "This End User License Agreement (the “Agreement”) is a contract between you and the operator of Preparat (“Preparat”, “we”, “us”) about your use of the Preparat web application, its programming interface and related services (together, the “Service”).",
    "By creating an account, or by using the Service, you confirm that you have read this Agreement, that you understand it, and that you accept it. If you use the Service on behalf of a laboratory, hospital, university or company, you confirm that you may accept this Agreement for that organisation."
  ],
  sections: [
    {
      id: "service",
      title: "The Service",
      blocks: [
        "Preparat is a digital image laboratory platform with artificial-intelligence technology. It lets you store microscope and whole-slide images in folders (“labs”), view them, annotate them, discuss them with collaborators, write notes and reports, run image analyses, and request the scanning of physical slides.",
        "We may change, improve or discontinue features of the Service. When a change materially reduces what a paid plan includes, we will tell you in advance."
      ]
    },
    {
      id: "account",
      title: "Your account",
      blocks: [
        "You must give accurate information when you register and keep it up to date. You are responsible for everything done with your account.",
        {
          list: [
            "Keep your password secret and use a strong one; we recommend turning on two-factor authentication.",
            "Store your two-factor backup codes somewhere safe; anyone holding them can sign in as you.",
            "Tell us without delay if you believe your account has been used without your permission."
          ]
        }
      ]
    },
    {
      id: "license",
      title: "License to use the Service",
      blocks: [
        "Subject to this Agreement, we grant you a personal, non-exclusive, non-transferable and revocable license to use the Service for your professional, educational or research work.",
        "You may not copy, modify, resell or reverse engineer the Service, circumvent its security or usage limits, or use it to build a competing product."
      ]
    },
    {
      id: "content",
      title: "Your content",
      blocks: [
        "Images, annotations, messages, notes, reports and other material you upload or create (“Your Content”) remain yours. You grant us only the rights needed to host, process, display and transmit Your Content to provide the Service to you and to the people you share it with.",
        "You confirm that you have the right to upload Your Content, and that doing so does not break any law, professional duty or agreement, including rules on patient consent and confidentiality."
      ]
    },
    {
      id: "patient-data",
      title: "Patient data and clinical use",
      blocks: [
        "Slides may contain or be linked to information about patients. Remove or pseudonymise identifying information wherever your work allows it, and share labs only with people who are entitled to see them.",
        "Preparat supports the work of qualified professionals. Annotations, counts and AI analysis results are aids to interpretation, not a diagnosis: every clinical decision remains the responsibility of the professional who makes it."
      ]
    },
    {
      id: "sharing",
      title: "Sharing and roles",
      blocks: [
        "The owner of a lab decides who can access it. Collaborators hold a role: an admin can manage the lab's content and collaborators, a reviewer can view and annotate. Ownership can be transferred to another collaborator.",
        "When you make a lab publicly accessible, anyone with its link can view it. Do not make labs public if they contain confidential or identifying information."
      ]
    },
    {
      id: "plans",
      title: "Plans, payment and storage",
      blocks: [
        "Some features, including AI analysis and automatic tagging, are available on paid plans only. Each plan includes a storage quota; uploads are refused when it is full.",
        "Payment by bank transfer is confirmed after we have verified the proof of payment, normally within 2 × 24 hours. Fees already paid are not refundable unless the law requires otherwise."
      ]
    },
    {
      id: "scanning",
      title: "Slide scanning service",
      blocks: [
        "When you request a scan, you send us physical preparations. We take reasonable care of them and return them if you ask us to, at the address you give. Glass slides are fragile: pack them properly, as we cannot answer for damage in transit that happened before they reached us."
      ]
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        {
          list: [
            "Do not upload material that is unlawful or that you are not allowed to share.",
            "Do not try to access labs, accounts or systems you have not been given access to.",
            "Do not overload the Service, probe it for vulnerabilities without our written permission, or disturb other users."
          ]
        },
        "We may suspend accounts that break these rules, after warning you where the situation allows it."
      ]
    },
    {
      id: "privacy",
      title: "Privacy and security",
      blocks: [
        "We process personal data to provide the Service, secure it and improve it. We protect data in transit with encryption, store passwords only as strong one-way hashes, and keep a log of security-relevant account activity that you can review in your settings."
      ]
    },
    {
      id: "liability",
      title: "Availability and liability",
      blocks: [
        "We work to keep the Service available and your data safe, but the Service is provided “as is”. Keep your own copies of material that you cannot afford to lose.",
        "To the extent the law allows, we are not liable for indirect or consequential loss, and our total liability is limited to the fees you paid in the twelve months before the event that caused the claim."
      ]
    },
    {
      id: "termination",
      title: "Ending this Agreement",
      blocks: [
        "You may stop using the Service and ask us to close your account at any time. We may end this Agreement if you seriously or repeatedly break it. After closure we delete Your Content within a reasonable period, except where the law requires us to keep it."
      ]
    },
    {
      id: "changes",
      title: "Changes and governing law",
      blocks: [
        "We may update this Agreement. We will announce material changes in the Service before they take effect; continuing to use the Service afterwards means you accept them.",
        "This Agreement is governed by the laws of the Republic of Indonesia. If the English and Indonesian versions differ, the Indonesian version prevails."
      ]
    }
  ]
}
