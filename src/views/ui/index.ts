// The UI kit: every visual building block of Preparat. Pages and layouts import from here only.
export { Alert, type AlertKind, type AlertProps } from "./Alert.tsx"
export { Avatar, type AvatarProps, type AvatarSize } from "./Avatar.tsx"
export { avatarImage, initialsOf } from "./avatar-rules.ts"
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
  LinkButton,
  type LinkButtonProps
} from "./Button.tsx"
export { Card, type CardProps } from "./Card.tsx"
export { Checkbox, type CheckboxProps } from "./Checkbox.tsx"
export { ContextMenu, type ContextMenuProps } from "./ContextMenu.tsx"
export { cx } from "./cx.ts"
export { Dialog, type DialogProps } from "./Dialog.tsx"
export { type DropdownItem, DropdownMenu, type DropdownMenuProps, type TriggerProps } from "./DropdownMenu.tsx"
export { EmptyState, type EmptyStateProps } from "./EmptyState.tsx"
export { FormError, type FormErrorProps } from "./FormError.tsx"
export * from "./icons.tsx"
export { PageHeader, type PageHeaderProps } from "./PageHeader.tsx"
export { PasswordField, type PasswordFieldProps } from "./PasswordField.tsx"
export { Select, type SelectOption, type SelectProps } from "./Select.tsx"
export { Skeleton, type SkeletonProps } from "./Skeleton.tsx"
export { Spinner, type SpinnerProps } from "./Spinner.tsx"
export { Switch, type SwitchProps } from "./Switch.tsx"
export { FieldError, TextField, type TextFieldProps } from "./TextField.tsx"
export { DEFAULT_TOAST_MS, type ToastApi, type ToastKind, type ToastOptions, ToastProvider, useToast } from "./Toast.tsx"
export { Tooltip, type TooltipProps } from "./Tooltip.tsx"
export { Logo } from "./Logo.tsx"
