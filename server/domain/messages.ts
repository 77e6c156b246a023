// The English texts of the errors and answers the accounts endpoints give. Field rule messages
// come from the shared i18n keys (render); these are the server's own decisions.
import { render } from "./field-errors.ts"

export const messages = {
  emailTaken: "A user with this email already exists.",
  mailUnavailable: "Your registration is saved, but its mail could not be sent just now. Ask for the activation mail again in a minute.",
  usernameTaken: "A user with that username already exists.",
  invalidCredentials: "Unable to log in with provided credentials.",
  accountInactive: "This account is not activated yet. Follow the link in the activation email, or ask for a new one.",
  invalidCode: "Invalid or expired code.",
  invalidBackupCode: "Invalid or already used backup code.",
  invalidLink: "Invalid or expired link.",
  wrongOldPassword: "Your old password was entered incorrectly.",
  wrongPassword: "Your password was entered incorrectly.",
  passwordMismatch: render("validation.passwordMismatch"),
  newPasswordMismatch: render("validation.newPasswordMismatch"),
  avatarFormat: render("validation.avatarFormat"),
  avatarSize: render("validation.avatarSize"),
  notOwnProfile: "You can only edit your own profile.",
  mfaAlreadyEnabled: "Two-factor authentication is already enabled.",
  mfaNotStarted: "Start the two-factor authentication set-up first.",
  mfaNotEnabled: "Two-factor authentication is not enabled.",
  invalidRefresh: "Invalid or expired refresh token.",
  signedOut: "Signed out.",
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  invalidUsername: "Use only letters, digits and . _ - in a username.",
  registered: "Account created. Check your email for the activation link.",
  activationSent: "If an inactive account uses this email, a new activation link is on its way.",
  resetSent: "If an account uses this email, a password reset link is on its way.",
  mfaResetSent: "If an account with two-factor authentication uses this email, a reset link is on its way.",
  passwordReset: "Your password has been reset. Sign in with the new password.",
  passwordChanged: "Your password has been changed.",
  mfaDisabled: "Two-factor authentication is off.",
  mfaReset: "Two-factor authentication is off. Sign in with your password and set it up again.",
  tooManyAttempts: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60))
    return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
  }
} as const
