// The error of a whole form (e.g. wrong credentials, server error), shown above its buttons.
// Renders nothing without a message, so forms can always include it.
import type { ReactNode } from "react"
import { Alert } from "./Alert.tsx"

export interface FormErrorProps {
  message?: ReactNode | null
  title?: ReactNode
  className?: string
}

export const FormError = ({ message, title, className }: FormErrorProps) =>
  message ? (
    <Alert kind="error" title={title} className={className}>
      {message}
    </Alert>
  ) : null
