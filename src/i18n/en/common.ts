// Words shared across the app: generic actions, the UI kit's built-in labels, language names.
export const common = {
  appName: "Preparat",
  loading: "Loading…",
  close: "Close",
  dismiss: "Dismiss notification",
  notificationsRegion: "Notifications",
  showPassword: "Show password",
  hidePassword: "Hide password",
  skipToContent: "Skip to content",
  comingSoon: "Coming soon",
  availableSoon: "Available soon",
  cancel: "Cancel",
  back: "Back",
  retry: "Try again",
  reload: "Reload page",
  language: "Language",
  languages: {
    en: "English",
    id: "Bahasa Indonesia"
  },
  contactWhatsApp: "Chat with us on WhatsApp",
  signIn: "Sign in",
  createAccount: "Create account",
  goToDashboard: "Go to dashboard"
}
