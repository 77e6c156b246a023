// The dashboard pages owned by the shell: pricing, invoices, the viewer placeholder, billing (the lab
// lists are the labs area, labs.ts).
export const dashboard = {
  pricing: {
    title: "Pricing",
    description: "Plans for storage and AI analysis.",
    emptyTitle: "Plans are on their way",
    emptyBody:
      "Online plan selection is not open yet. Tell us how much storage and analysis your lab needs and we will set up a plan for you.",
    contact: "Talk to us"
  },
  invoices: {
    title: "Invoices",
    detailTitle: "Invoice {{id}}",
    description: "Invoices for your plan and storage purchases.",
    emptyTitle: "No invoices yet",
    emptyBody: "When you subscribe to a plan, its invoices and payment status appear here.",
    detailEmptyTitle: "Invoice not available",
    detailEmptyBody: "This invoice cannot be shown yet. Your invoices are listed under Status Billing.",
    toBilling: "Go to Status Billing"
  },
  comingSoon: {
    trainAiTitle: "Train AI",
    trainAiBody: "Train analysis models on your own annotated slides. This feature is coming soon.",
    helpFaqTitle: "Help & FAQ",
    helpFaqBody: "Guides and answers to common questions are coming soon. Until then, we are happy to help on WhatsApp.",
    badge: "Coming soon"
  },
  billing: {
    title: "Status Billing",
    description: "Your invoices and their payment status.",
    emptyTitle: "No invoices yet",
    emptyBody: "Invoices for plans and storage appear here with their status: waiting for payment, postponed or paid.",
    viewPlans: "View plans"
  }
}
