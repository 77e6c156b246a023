// The dashboard pages owned by the shell: the coming-soon pages, the landing links' way to the last slide (the lab lists are the labs area,
// labs.ts; pricing, invoices and billing are billing.ts).
export const dashboard = {
  comingSoon: {
    trainAiTitle: "Train AI",
    trainAiBody: "Train analysis models on your own annotated slides. This feature is coming soon.",
    helpFaqTitle: "Help & FAQ",
    helpFaqBody: "Guides and answers to common questions are coming soon. Until then, we are happy to help on WhatsApp.",
    badge: "Coming soon"
  },
  openFeature: {
    finding: "Opening your last slide…",
    noneTitle: "No slide to open yet",
    noneBody:
      "{{feature}} is used on a slide. Upload one in your labs, or open one shared with you; after that, this link takes you straight back to the last slide you opened.",
    toLabs: "Go to your labs",
    toShared: "Shared with you",
    failed: "Your last slide could not be looked up.",
    retry: "Try again"
  }
}
