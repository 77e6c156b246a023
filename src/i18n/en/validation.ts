// Field validation messages. The keys are what the contract's rules report (src/contract/rules.ts).
export const validation = {
  required: "This field is required.",
  tooLong: "This is too long.",
  invalid: "Enter a valid value.",
  email: "Enter a valid email address.",
  passwordMin: "Password must be at least 8 characters.",
  passwordPolicy: "Password must contain an uppercase letter, a number and one of @$!%*?",
  passwordMismatch: "The two password fields didn't match.",
  newPasswordMismatch: "The new password does not match.",
  otpRequired: "OTP Code is required",
  otpFormat: "Enter the 6-digit code from your authenticator app.",
  eula: "You must accept the privacy policy and EULA.",
  avatarFormat: "Avatar picture must be image format!",
  avatarSize: "Avatar picture size can not exceed 2MB!",
  atLeast1User: "Enter at least 1 user.",
  folderName: "Folder name is required.",
  wholeNumber: "Enter a whole number.",
  preparations: "Enter a number from 1 to 500.",
  phone: "Enter a phone number (digits, spaces and + ( ) - only).",
  returnAddress: "Enter the address the slides go back to.",
  choice: "Choose one of the options."
}
