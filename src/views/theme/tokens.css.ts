// Design tokens as CSS custom properties on :root. Components read `vars.*` so a future dark theme
// or a tenant brand only has to assign new values, never touch component styles.
import { createGlobalTheme } from "@vanilla-extract/css"

export const vars = createGlobalTheme(":root", {
  color: {
    canvas: "#f6f7f9",
    surface: "#ffffff",
    surfaceMuted: "#f3f4f6",
    surfaceHover: "#f1f3f5",
    surfaceActive: "#e9ecf1",
    sidebar: "#fbfbfc",
    border: "#e5e7eb",
    borderStrong: "#d1d5db",
    text: "#111827",
    textMuted: "#4b5563",
    // Text colours hold 4.5:1 or more on every light surface below (surfaceActive included), so no
    // grey is too pale to read for someone with low vision (WCAG 1.4.3).
    textSubtle: "#5f6673",
    textFaint: "#6b7280",
    textOnPrimary: "#ffffff",
    primary: "#1d4ed8",
    primaryHover: "#1e40af",
    primaryActive: "#1e3a8a",
    primarySoft: "#eff4ff",
    primarySoftBorder: "#c7d7fe",
    danger: "#dc2626",
    dangerHover: "#b91c1c",
    dangerSoft: "#fef2f2",
    dangerSoftBorder: "#fecaca",
    dangerText: "#b91c1c",
    success: "#16a34a",
    successSoft: "#f0fdf4",
    successSoftBorder: "#bbf7d0",
    successText: "#15803d",
    warning: "#d97706",
    warningSoft: "#fffbeb",
    warningSoftBorder: "#fde68a",
    warningText: "#b45309",
    infoSoft: "#eff4ff",
    infoSoftBorder: "#c7d7fe",
    infoText: "#1e40af",
    overlay: "rgba(15, 23, 42, 0.42)",
    focusRing: "rgba(29, 78, 216, 0.38)",
    skeleton: "#eceef2",
    skeletonShine: "#f6f7f9",
    whatsapp: "#25d366"
  },
  space: {
    "0": "0",
    "1": "4px",
    "2": "8px",
    "3": "12px",
    "4": "16px",
    "5": "20px",
    "6": "24px",
    "8": "32px",
    "10": "40px",
    "12": "48px",
    "16": "64px",
    "20": "80px"
  },
  radius: {
    sm: "6px",
    md: "8px",
    lg: "12px",
    xl: "16px",
    full: "9999px"
  },
  font: {
    body: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace"
  },
  fontSize: {
    xs: "12px",
    sm: "13px",
    md: "14px",
    lg: "16px",
    xl: "18px",
    "2xl": "22px",
    "3xl": "28px",
    "4xl": "40px",
    "5xl": "52px"
  },
  fontWeight: {
    regular: "400",
    medium: "500",
    semibold: "600",
    bold: "700"
  },
  lineHeight: {
    tight: "1.2",
    snug: "1.35",
    normal: "1.5",
    relaxed: "1.65"
  },
  shadow: {
    xs: "0 1px 2px rgba(16, 24, 40, 0.05)",
    sm: "0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)",
    md: "0 4px 12px -2px rgba(16, 24, 40, 0.10), 0 2px 4px -2px rgba(16, 24, 40, 0.06)",
    lg: "0 16px 40px -8px rgba(16, 24, 40, 0.18), 0 4px 10px -4px rgba(16, 24, 40, 0.08)",
    focus: "0 0 0 3px rgba(29, 78, 216, 0.28)",
    focusDanger: "0 0 0 3px rgba(220, 38, 38, 0.25)"
  },
  zIndex: {
    sidebar: "20",
    header: "30",
    floating: "40",
    dropdown: "50",
    dialog: "60",
    toast: "70",
    progress: "80"
  },
  motion: {
    fast: "120ms cubic-bezier(0.2, 0, 0, 1)",
    normal: "180ms cubic-bezier(0.2, 0, 0, 1)",
    slow: "260ms cubic-bezier(0.2, 0, 0, 1)"
  },
  layout: {
    sidebar: "256px",
    sidebarCollapsed: "64px",
    rightPanel: "320px",
    header: "56px",
    dropdownMaxHeight: "274px"
  }
})
