// Table types for Kysely. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers on both
// SQLite and PostgreSQL, so one set of migrations and queries serves both engines unchanged.
import type { Generated } from "kysely"

export interface UsersTable {
  id: string
  email: string
  name: string
  username: string | null
  phone: string | null
  company: string | null
  description: string | null
  avatar: string | null
  password_hash: string
  is_active: number
  mfa_secret: string | null
  mfa_enabled: number
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  mfa_last_step: number | null
  created_at: string
  updated_at: string
}

export interface BackupCodesTable {
  id: string
  user_id: string
  code_hash: string
  used_at: string | null
}

export interface RefreshTokensTable {
  id: string
  user_id: string
  /** Every rotation of one sign-in shares a family; reusing a rotated token revokes the family. */
  family: string
  token_hash: string
  created_at: string
  expires_at: string
  rotated_at: string | null
  revoked_at: string | null
}

export type OneTimeKind = "activation" | "password_reset" | "mfa_reset"

export interface OneTimeTokensTable {
  id: string
  user_id: string
  kind: OneTimeKind
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface EventsTable {
  seq: Generated<number>
  id: string
  actor_id: string | null
  kind: string
  lab_id: string | null
  payload: string
  created_at: string
  published_at: string | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

export interface Database {
  users: UsersTable
  backup_codes: BackupCodesTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  events: EventsTable
  rate_limits: RateLimitsTable
}
