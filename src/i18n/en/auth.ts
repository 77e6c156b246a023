// Sign-in, registration and account recovery pages.
export const auth = {
  fields: {
    email: "Email",
    password: "Password",
    confirmPassword: "Confirm password",
    fullName: "Full name",
    newPassword: "New password",
    confirmNewPassword: "Confirm new password",
    otp: "Authentication code",
    backupCode: "Backup code"
  },
  backToSignIn: "Back to sign in",
  login: {
    title: "Sign in to Preparat",
    lead: "Welcome back. Sign in to your slides and labs.",
    submit: "Sign in",
    forgotPassword: "Forgot password?",
    noAccount: "New to Preparat?",
    register: "Create an account",
    sessionEnded: "Your session ended. Sign in again to go back to where you were."
  },
  mfa: {
    title: "Two-factor authentication",
    leadOtp: "Enter the 6-digit code from your authenticator app for {{email}}.",
    leadBackup: "Enter one of your backup codes for {{email}}. Each code works once.",
    verify: "Verify",
    useBackupCode: "Use a backup code",
    useAuthenticator: "Use authenticator code",
    lostAuthenticator: "Lost your authenticator and your backup codes?",
    resetMfa: "Reset 2FA",
    back: "Use another account"
  },
  register: {
    title: "Create your account",
    lead: "Start organising, sharing and annotating your slides.",
    eulaBefore: "I accept the ",
    eulaLink: "privacy policy and EULA",
    policyTitle: "Your password needs",
    policy: {
      length: "At least 8 characters",
      uppercase: "An uppercase letter",
      digit: "A number",
      special: "One of @ $ ! % * ?"
    },
    policyMet: "met",
    policyUnmet: "not met yet",
    submit: "Create account",
    haveAccount: "Already have an account?",
    signIn: "Sign in"
  },
  registered: {
    title: "Check your email",
    lead: "We sent an activation link to {{email}}. Open it to activate your account.",
    leadNoEmail: "We sent you an activation link. Open it to activate your account.",
    notArrived: "No email after a few minutes? Check your spam folder, or",
    resend: "send it again"
  },
  verify: {
    title: "Your account is active",
    lead: "Thank you for verifying your email. You can sign in now.",
    signIn: "Sign in"
  },
  unverified: {
    title: "Activate your account",
    lead: "Your account is not activated yet. Follow the link in the activation email. If the link expired or never arrived, we can send a new one.",
    submit: "Resend verification email",
    sent: "If an account with {{email}} is waiting for activation, a new link is on its way."
  },
  resetPassword: {
    title: "Reset your password",
    lead: "Enter the email of your account and we'll send you a link to choose a new password.",
    submit: "Send reset link",
    sent: "If an account uses {{email}}, a reset link is on its way. It works once."
  },
  resetConfirm: {
    title: "Choose a new password",
    lead: "Your new password replaces the old one everywhere.",
    submit: "Set new password",
    done: "Your password has been reset. Sign in with your new password.",
    linkRefused: "This reset link is invalid, used or expired.",
    requestNew: "Request a new link"
  },
  resetMfa: {
    title: "Reset two-factor authentication",
    lead: "Enter the email of your account. We'll send a link that turns two-factor authentication off, so you can sign in with your password and set it up again.",
    submit: "Send reset link",
    sent: "If an account with two-factor authentication uses {{email}}, a reset link is on its way.",
    confirmTitle: "Confirm the 2FA reset",
    confirmLead: "Enter your password to turn two-factor authentication off.",
    confirmSubmit: "Reset 2FA",
    done: "Two-factor authentication is off. Sign in with your password, then set it up again in Settings.",
    linkRefused: "This reset link is invalid, used or expired.",
    requestNew: "Request a new link"
  }
}
