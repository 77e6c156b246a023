// The one button. Loading keeps the width (the label stays, hidden) and blocks double submits.
import type { ButtonHTMLAttributes, ReactNode } from "react"
import { Link } from "wouter"
import * as css from "./Button.css.ts"
import { cx } from "./cx.ts"

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger"
export type ButtonSize = "sm" | "md" | "lg"

export interface ButtonStyleProps {
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  /** A square button whose only content is an icon; give it an aria-label. */
  iconOnly?: boolean
}

/** The class names of a button, for elements that must look like one (links to other pages). */
export const buttonClassName = ({ variant = "primary", size = "md", fullWidth = false, iconOnly = false }: ButtonStyleProps = {}) =>
  cx(css.base, css.variant[variant], css.size[size], fullWidth && css.fullWidth, iconOnly && css.iconOnly[size])

const isAriaDisabled = (value: ButtonHTMLAttributes<HTMLButtonElement>["aria-disabled"]) => value === true || value === "true"

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  loading?: boolean
  iconStart?: ReactNode
  iconEnd?: ReactNode
}

export const Button = ({
  variant,
  size,
  fullWidth,
  iconOnly,
  loading = false,
  iconStart,
  iconEnd,
  className,
  children,
  disabled,
  type = "button",
  onClick,
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={cx(buttonClassName({ variant, size, fullWidth, iconOnly }), className)}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
    // aria-disabled keeps the button focusable (so its tooltip can say why) but inert to clicks.
    onClick={isAriaDisabled(rest["aria-disabled"]) ? (event) => event.preventDefault() : onClick}
    {...rest}
  >
    <span className={loading ? css.loadingLabel : css.label}>
      {iconStart}
      {children}
      {iconEnd}
    </span>
    {loading && <span className={css.spinner} aria-hidden="true" />}
  </button>
)

export interface LinkButtonProps extends ButtonStyleProps {
  href: string
  children: ReactNode
  iconStart?: ReactNode
  iconEnd?: ReactNode
  className?: string
  "aria-label"?: string
}

/** A link that looks like a button: navigation stays a link for the browser and assistive tech. */
export const LinkButton = ({
  href,
  children,
  iconStart,
  iconEnd,
  className,
  variant,
  size,
  fullWidth,
  iconOnly,
  ...rest
}: LinkButtonProps) => (
  <Link href={href} className={cx(buttonClassName({ variant, size, fullWidth, iconOnly }), className)} {...rest}>
    {iconStart}
    {children}
    {iconEnd}
  </Link>
)
