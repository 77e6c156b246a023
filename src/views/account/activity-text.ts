// What an activity row says: "Signed in from 127.0.0.1 (Chrome)", "You moved Liver biopsies to the
// trash". The server records the raw detail (ip, user agent, what changed) and the lab as it is now;
// naming the browser and wording the change are presentation, so they happen here.
import type { Activity } from "../../contract/auth.ts"
import type { KeyPart } from "../../i18n/keys.ts"

/** The browser's common name from a user agent; order matters, as Edge and Opera also say Chrome. */
export const browserOf = (userAgent: string): string | null => {
  const known: ReadonlyArray<readonly [RegExp, string]> = [
    [/Edg(e|A|iOS)?\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/Firefox\/|FxiOS\//, "Firefox"],
    [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
    [/Safari\//, "Safari"],
    [/curl\//, "curl"]
  ]
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
}

/** The activity kinds the dictionary words, each with its key (keys cannot hold dots: they are paths). */
const kindKeys: Readonly<Record<string, KeyPart<"settings.activities.kinds">>> = {
  "auth.signed_in": "auth_signed_in",
  "auth.sign_in_failed": "auth_sign_in_failed",
  "auth.signed_out": "auth_signed_out",
  "auth.registered": "auth_registered",
  "auth.activated": "auth_activated",
  "auth.activation_resent": "auth_activation_resent",
  "auth.password_changed": "auth_password_changed",
  "auth.password_reset_requested": "auth_password_reset_requested",
  "auth.password_reset": "auth_password_reset",
  "auth.mfa_setup_started": "auth_mfa_setup_started",
  "auth.mfa_enabled": "auth_mfa_enabled",
  "auth.mfa_disabled": "auth_mfa_disabled",
  "auth.mfa_reset_requested": "auth_mfa_reset_requested",
  "auth.mfa_reset": "auth_mfa_reset",
  "auth.refresh_token_reused": "auth_refresh_token_reused",
  "profile.updated": "profile_updated",
  "favorite.added": "favorite_added",
  "favorite.removed": "favorite_removed",
  "lab.created": "lab_created",
  "lab.moved": "lab_moved",
  "lab.renamed": "lab_renamed",
  "lab.trashed": "lab_trashed",
  "lab.restored": "lab_restored",
  "lab.purged": "lab_purged",
  "lab.metadata_changed": "lab_metadata_changed",
  "lab.upload_removed": "lab_upload_removed",
  "lab.ownership_transferred": "lab_ownership_transferred",
  "member.invited": "member_invited",
  "member.joined": "member_joined",
  "member.role_changed": "member_role_changed",
  "annotation.created": "annotation_created",
  "annotation.updated": "annotation_updated",
  "annotation.deleted": "annotation_deleted",
  "label.changed": "label_changed",
  "scan_request.submitted": "scan_request_submitted",
  "scan_request.state_changed": "scan_request_state_changed"
}

/** Where an activity's lab is, to name it and link it while it exists. */
export interface ActivityLabRef {
  readonly id: string
  /** Its name now, or the one the activity recorded when it is gone; null when nothing names it. */
  readonly name: string | null
  readonly isDir: boolean
  /** It exists and is not in the trash: the name is a link. */
  readonly linked: boolean
}

export interface ActivityText {
  /** Under settings.activities.kinds. */
  readonly key: KeyPart<"settings.activities.kinds">
  readonly params: Readonly<Record<string, string>>
  /** True when the browser could not be named; the page then fills in its own word for it. */
  readonly unknownBrowser: boolean
  /** The lab the sentence names in {{lab}}; null when it names none. */
  readonly lab: ActivityLabRef | null
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null)

/** Which sentence: some kinds read differently by what their detail says. */
const keyOf = (activity: Activity): KeyPart<"settings.activities.kinds"> => {
  const { kind, detail } = activity
  if (kind === "lab.published") return detail.is_public === true ? "lab_published" : "lab_unpublished"
  if (kind === "member.removed") return detail.left === true ? "member_left" : "member_removed"
  if (kind === "lab.trashed" && typeof detail.count === "number" && detail.count > 1) return "lab_trashed_many"
  if (kind === "annotation.bulk_changed") return detail.action === "deleted" ? "annotation_bulk_deleted" : "annotation_bulk_updated"
  return kindKeys[kind] ?? (activity.lab === undefined ? "other" : "other_lab")
}

export const activityText = (activity: Activity): ActivityText => {
  const { detail } = activity
  const ip = text(detail.ip) ?? "?"
  const browser = typeof detail.user_agent === "string" ? browserOf(detail.user_agent) : null
  const recordedName = text(detail.name)
  const lab: ActivityLabRef | null =
    activity.lab === undefined
      ? null
      : activity.lab === null
        ? { id: "", name: recordedName, isDir: detail.is_dir === true, linked: false }
        : { id: activity.lab.id, name: activity.lab.name, isDir: activity.lab.is_dir, linked: !activity.lab.in_trash }
  const params = {
    ip,
    browser: browser ?? "",
    email: text(detail.email) ?? "",
    from: text(detail.from) ?? "",
    role: text(detail.to) ?? text(detail.role) ?? "",
    count: typeof detail.count === "number" ? String(detail.count) : "1",
    others: typeof detail.count === "number" ? String(Math.max(0, detail.count - 1)) : "0",
    reference: text(detail.reference) ?? ""
  }
  return { key: keyOf(activity), params, unknownBrowser: browser === null, lab }
}

/** The day an activity belongs to, in the reader's time zone: "2026-03-01". */
export const dayOf = (iso: string): string => {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Activities in runs of the same day, newest first as they came. */
export const byDay = <A extends { readonly created_at: string }>(activities: ReadonlyArray<A>) => {
  const days: Array<{ day: string; items: A[] }> = []
  for (const activity of activities) {
    const day = dayOf(activity.created_at)
    const last = days.at(-1)
    if (last?.day === day) last.items.push(activity)
    else days.push({ day, items: [activity] })
  }
  return days
}
