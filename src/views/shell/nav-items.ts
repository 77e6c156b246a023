// The sidebar's menus as data (spec section 2): main menu and preferences, with their i18n keys.
import type { ComponentType } from "react"
import type { KeyPart } from "../../i18n/keys.ts"
import {
  ClockIcon,
  FolderIcon,
  HelpCircleIcon,
  type IconProps,
  SettingsIcon,
  SparklesIcon,
  StarIcon,
  TrashIcon,
  UsersIcon
} from "../ui/index.ts"

export interface NavItem {
  readonly href: string
  /** Key under shell.nav. */
  readonly label: KeyPart<"shell.nav">
  readonly icon: ComponentType<IconProps>
  /** Paths that also mark this item active (e.g. every settings page for Settings). */
  readonly activePrefix: string
}

export const mainMenu: ReadonlyArray<NavItem> = [
  { href: "/dashboard/labs", label: "allFile", icon: FolderIcon, activePrefix: "/dashboard/labs" },
  { href: "/dashboard/recent", label: "recent", icon: ClockIcon, activePrefix: "/dashboard/recent" },
  { href: "/dashboard/favorite", label: "favorite", icon: StarIcon, activePrefix: "/dashboard/favorite" },
  { href: "/dashboard/shared", label: "shared", icon: UsersIcon, activePrefix: "/dashboard/shared" },
  { href: "/dashboard/trash", label: "trash", icon: TrashIcon, activePrefix: "/dashboard/trash" }
]

export const preferencesMenu: ReadonlyArray<NavItem> = [
  { href: "/dashboard/train-ai", label: "trainAi", icon: SparklesIcon, activePrefix: "/dashboard/train-ai" },
  { href: "/dashboard/help-faq", label: "helpFaq", icon: HelpCircleIcon, activePrefix: "/dashboard/help-faq" },
  { href: "/dashboard/setting/account", label: "settings", icon: SettingsIcon, activePrefix: "/dashboard/setting" }
]

export const isActive = (item: NavItem, path: string): boolean => path === item.activePrefix || path.startsWith(`${item.activePrefix}/`)

/** The path the menu marks: inside a lab shared with the reader, that is Shared Lab, not All Files. */
export const menuPath = (path: string, sharedLab: boolean): string =>
  sharedLab && (path === "/dashboard/labs" || path.startsWith("/dashboard/labs/")) ? "/dashboard/shared" : path
