// The sidebar's menus as data: main menu and preferences, with their i18n keys.
import type { ComponentType } from "react"
import type { KeyPart } from "../../i18n/keys.ts"
import {
  ClockIcon,
  CreditCardIcon,
  FolderIcon,
  HelpCircleIcon,
  type IconProps,
  ScanIcon,
  SettingsIcon,
  SparklesIcon,
  StarIcon,
  TrashIcon,
  UsersIcon
} from "../ui/index.ts"
import { links, sections } from "../../contract/routes.ts"

export interface NavItem {
  readonly href: string
  /** Key under shell.nav. */
  readonly label: KeyPart<"shell.nav">
  readonly icon: ComponentType<IconProps>
  /** Paths that also mark this item active (e.g. every settings page for Settings). */
  readonly activePrefix: string
}

export const mainMenu: ReadonlyArray<NavItem> = [
  { href: links.labs(), label: "allFile", icon: FolderIcon, activePrefix: sections.labs },
  { href: links.recent(), label: "recent", icon: ClockIcon, activePrefix: sections.recent },
  { href: links.favorite(), label: "favorite", icon: StarIcon, activePrefix: sections.favorite },
  { href: links.shared(), label: "shared", icon: UsersIcon, activePrefix: sections.shared },
  { href: links.trash(), label: "trash", icon: TrashIcon, activePrefix: sections.trash }
]

export const preferencesMenu: ReadonlyArray<NavItem> = [
  { href: links.trainAi(), label: "trainAi", icon: SparklesIcon, activePrefix: sections.trainAi },
  { href: links.helpFaq(), label: "helpFaq", icon: HelpCircleIcon, activePrefix: sections.helpFaq },
  { href: links.settings.account(), label: "settings", icon: SettingsIcon, activePrefix: sections.settings }
]

/** Staff only (the sidebar asks the server who is): what waits for them, with its count. */
export const staffMenu: ReadonlyArray<NavItem> = [
  { href: links.staff.payments(), label: "payments", icon: CreditCardIcon, activePrefix: links.staff.payments() },
  { href: links.staff.scanRequests(), label: "scanRequests", icon: ScanIcon, activePrefix: links.staff.scanRequests() }
]

export const isActive = (item: NavItem, path: string): boolean => path === item.activePrefix || path.startsWith(`${item.activePrefix}/`)

/** The path the menu marks: inside a lab shared with the reader, that is Shared Lab, not All Files. */
export const menuPath = (path: string, sharedLab: boolean): string =>
  sharedLab && (path === links.labs() || path.startsWith(`${sections.labs}/`)) ? links.shared() : path
