// The dashboard pages owned by the shell: the coming-soon pages (the lab lists are the labs area,
// labs.ts; pricing, invoices and billing are billing.ts).
export const dashboard = {
  comingSoon: {
    trainAiTitle: "Train AI",
    trainAiBody: "Train analysis models on your own annotated slides. This feature is coming soon.",
    helpFaqTitle: "Help & FAQ",
    helpFaqBody: "Guides and answers to common questions are coming soon. Until then, we are happy to help on WhatsApp.",
    badge: "Coming soon"
  }
}
