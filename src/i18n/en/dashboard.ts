// The dashboard pages owned by the shell: lab lists, pricing, invoices, the viewer placeholder, billing.
export const dashboard = {
  actions: {
    upload: "Upload",
    createFolder: "New folder",
    search: "Search labs",
    viewGrid: "Grid view",
    viewList: "List view",
    view: "View",
    emptyTrash: "Empty trash",
    unavailable: "Available once file management is enabled"
  },
  labs: {
    title: "All File",
    description: "Folders and slides you own.",
    emptyTitle: "No files yet",
    emptyBody: "Upload slide images or create a folder to start organising your lab. Everything you add appears here.",
    folderTitle: "Folder",
    folderEmptyTitle: "This folder is empty",
    folderEmptyBody: "Slides and sub-folders you add to this folder appear here.",
    searchTitle: "Search results",
    searchDescription: "Labs matching “{{query}}”",
    searchEmptyTitle: "No results",
    searchEmptyBody: "No file or folder matches “{{query}}”. Check the spelling or try a shorter name."
  },
  recent: {
    title: "Recently Access",
    description: "Slides and folders you opened lately.",
    emptyTitle: "Nothing opened recently",
    emptyBody: "Slides and folders you open appear here, newest first."
  },
  favorite: {
    title: "Favorite",
    description: "Your starred files and folders.",
    emptyTitle: "No favorites yet",
    emptyBody: "Star a file or folder to find it here quickly."
  },
  shared: {
    title: "Shared Lab",
    description: "Labs that collaborators shared with you.",
    emptyTitle: "Nothing shared with you yet",
    emptyBody: "When someone invites you to a folder or slide, it appears here with your role."
  },
  trash: {
    title: "Deleted File",
    description: "Deleted files and folders. Restore them or delete them permanently.",
    emptyTitle: "Trash is empty",
    emptyBody: "Files and folders you delete stay here until you restore them or delete them for good."
  },
  pricing: {
    title: "Pricing",
    description: "Plans for storage and AI analysis.",
    emptyTitle: "Plans are on their way",
    emptyBody: "Online plan selection is not open yet. Tell us how much storage and analysis your lab needs and we will set up a plan for you.",
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
  slide: {
    title: "Slide viewer",
    emptyTitle: "The slide viewer is not available yet",
    emptyBody: "Deep-zoom viewing and annotation of this slide will open here.",
    back: "Back to All File"
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
