// The application shell: sidebar, header, breadcrumb, right panel, settings menu and auth/public frames.
export const shell = {
  nav: {
    label: "Main navigation",
    main: "Main menu",
    preferences: "Preferences",
    allFile: "All Files",
    recent: "Recently Accessed",
    favorite: "Favorite",
    shared: "Shared Lab",
    trash: "Deleted Files",
    trainAi: "Train AI",
    helpFaq: "Help & FAQ",
    settings: "Settings",
    staff: "Staff",
    payments: "Payments",
    scanRequests: "Scan requests",
    waiting: "{{count}} waiting"
  },
  sidebar: {
    collapse: "Collapse sidebar",
    expand: "Expand sidebar",
    storage: "Storage",
    storageLoading: "Checking storage usage",
    storageUsed: "{{used}} of {{total}} used",
    storageReserved: "{{reserved}} held by uploads in progress",
    storagePercent: "{{percent}}% used",
    upgrade: "Upgrade storage",
    openMenu: "Open menu",
    closeMenu: "Close menu"
  },
  header: {
    toggleSidebar: "Toggle sidebar",
    notifications: "Notifications",
    language: "Change language",
    account: "Account menu",
    morePath: "Show the folders above",
    manageAccount: "Manage Account",
    changePassword: "Change Password",
    logout: "Logout"
  },
  breadcrumb: {
    label: "Breadcrumb",
    home: "Home",
    labs: "All Files",
    folder: "Folder",
    annotations: "Slide viewer",
    compare: "Compare slides",
    recent: "Recently Accessed",
    favorite: "Favorite",
    shared: "Shared Lab",
    trash: "Deleted Files",
    pricing: "Pricing",
    invoices: "Invoices",
    invoice: "Invoice {{id}}",
    trainAi: "Train AI",
    helpFaq: "Help & FAQ",
    setting: "Settings",
    account: "My Profile",
    profile: "Profile",
    password: "Change Password",
    twoFactor: "2FA Authentication",
    activities: "Activities",
    billing: "Status Billing",
    scanRequests: "Scan Requests",
    staff: "Staff",
    payments: "Payments"
  },
  rightPanel: {
    label: "Details panel",
    close: "Close panel",
    infoTitle: "Details",
    infoEmpty: "Select a file or folder to see its details here.",
    multipleTitle: "{{count}} Items Selected",
    multipleTitle_one: "{{count}} Item Selected",
    multipleHint: "Select a single file for more information.",
    notifTitle: "Notifications",
    notifEmpty: "No notifications yet",
    notifEmptyHint: "Invitations, comments on your slides and ownership transfers will show up here."
  },
  contact: {
    label: "Contact us on WhatsApp",
    short: "Contact us",
    region: "Help"
  },
  progress: "Page loading",
  settings: {
    title: "Settings",
    menu: "Settings menu",
    account: "My Profile",
    profile: "Profile",
    password: "Change Password",
    twoFactor: "2FA Authentication",
    activities: "Activities",
    billings: "Status Billing",
    scanRequests: "Scan Requests",
    paymentReview: "Staff: Payments",
    staffScanRequests: "Staff: Scan Requests"
  },
  auth: {
    brandTitle: "Every slide of your lab, in one calm workspace.",
    brandLead: "Preparat is a digital image laboratory, built for pathology and research labs.",
    point1: "Deep-zoom whole-slide viewing in the browser",
    point2: "Annotate and discuss together in real time",
    point3: "Outline tissue with holes and count cells, with density and a Ki67 index",
    footnote: "Your slides stay private to the people you invite.",
    terms: "Terms (EULA)",
    help: "Need help?"
  },
  public: {
    nav: "Site navigation",
    menu: "Menu",
    features: "Features",
    how: "How it works",
    scanning: "Slide scanning",
    terms: "Terms",
    termsBahasa: "Syarat & Ketentuan",
    requestScan: "Request a scan",
    rights: "© {{year}} Preparat. All rights reserved."
  },
  loading: {
    title: "Loading",
    session: "Restoring your session…"
  },
  error: {
    title: "Something went wrong",
    body: "This page failed to load. Check your connection and try again; if it keeps happening, contact us.",
    chunkTitle: "A new version is available",
    chunkBody: "Preparat was updated while this tab was open. Reload to continue with the latest version."
  }
}
