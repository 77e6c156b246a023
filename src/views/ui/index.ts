// The UI kit: every visual building block of Preparat. Pages and layouts import from here only.
export { Alert } from "./Alert.tsx"
export { Avatar } from "./Avatar.tsx"
export {
  Button,
  buttonClassName,
  LinkButton
} from "./Button.tsx"
export { Card } from "./Card.tsx"
export { Checkbox } from "./Checkbox.tsx"
export { ContextMenu } from "./ContextMenu.tsx"
export { cx } from "./cx.ts"
export { Dialog } from "./Dialog.tsx"
export { type DropdownItem, DropdownMenu } from "./DropdownMenu.tsx"
export { EmptyState } from "./EmptyState.tsx"
export { FormError } from "./FormError.tsx"
export * from "./icons.tsx"
export * from "./viewer-icons.tsx"
export { PageHeader } from "./PageHeader.tsx"
export { PasswordField } from "./PasswordField.tsx"
export { Select } from "./Select.tsx"
export { Skeleton } from "./Skeleton.tsx"
export { Spinner } from "./Spinner.tsx"
export { Switch } from "./Switch.tsx"
export { FieldError, TextField } from "./TextField.tsx"
export { DEFAULT_TOAST_MS, ToastProvider, useToast } from "./Toast.tsx"
export { Tooltip } from "./Tooltip.tsx"
export { Logo } from "./Logo.tsx"
