// Table types for Kysely. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers on both
// SQLite and PostgreSQL, so one set of migrations and queries serves both engines unchanged.
import type { Generated } from "kysely"
import type {
  LabelsTable,
  AnnotationsTable,
  LabelDeletionsTable,
  DeletedAnnotationsTable,
  AnnotationTombstonesTable,
  LabViewersTable
} from "./schema-annotations.ts"
import type { ScanRequestsTable, InvoicesTable, PaymentProofsTable, SubscriptionsTable, StaffActionsTable } from "./schema-billing.ts"
import type {
  SlideNotesTable,
  ChatMessagesTable,
  ChatReadsTable,
  CommentRepliesTable,
  CommentThreadsTable,
  CommentReplyTombstonesTable,
  CommentThreadTombstonesTable,
  ChatMutesTable
} from "./schema-conversation.ts"
import type { AnalysisJobsTable } from "./schema-analysis.ts"

export type {
  LabelsTable,
  AnnotationsTable,
  LabelDeletionsTable,
  DeletedAnnotationsTable,
  AnnotationTombstonesTable,
  LabViewersTable
} from "./schema-annotations.ts"
export type {
  ScanRequestsTable,
  InvoicesTable,
  PaymentProofsTable,
  SubscriptionsTable,
  StaffActionsTable
} from "./schema-billing.ts"
export type {
  SlideNotesTable,
  ChatMessagesTable,
  ChatReadsTable,
  CommentRepliesTable,
  CommentThreadsTable,
  ChatMutesTable
} from "./schema-conversation.ts"

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
  /** Raised to revoke every access token issued before (see AccessTokens). */
  token_generation: Generated<number>
  /** The language of mails to this user ("en" or "id"): set at registration, updated at each sign-in. */
  locale: Generated<string>
  /** 1: may verify payments. Set only by the operator's command (npm run staff). */
  is_staff: Generated<number>
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
  /** The invoice a payment event is about (its history). */
  invoice_id: Generated<string | null>
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

export interface LabsTable {
  id: string
  /** Owner of the whole tree: everything inside a lab has its owner (see Members.transfer). */
  owner_id: string
  parent_id: string | null
  name: string
  /** lower(name): sibling uniqueness and case-insensitive search use an index on it. */
  name_lower: string
  is_dir: number
  /** Upload status of a file; null for folders. */
  status: string | null
  /**
   * A file's bytes; a folder's is kept equal to the sum of its live contents (updated with every
   * move, trash, restore and transfer) so listings never add up whole subtrees.
   */
  size: number
  description: string | null
  thumbnail: string | null
  /** Key of the stored original in the BlobStore; files only, set by uploads. */
  blob_key: string | null
  /** The lab's own public flag, mirrored from its `mylab-is_public` metadata entry. */
  is_public: number
  /** Raised by every write to the slide's annotations or labels (migration 0019): the compact read's cache key. */
  annotations_revision: Generated<number>
  created_at: string
  updated_at: string
  deleted_at: string | null
  /** The id of the item the user sent to the trash, shared by everything that went with it. */
  trash_id: string | null
  /** Full-resolution pixels of a ready slide. */
  width: number | null
  height: number | null
  /** Microns per pixel at full resolution, when the file says. */
  mpp: number | null
  /** Directory of the pyramid and thumbnails under DATA_DIR/slides; new for every build. */
  slide_key: string | null
  /** A scanner's format: vendor, model, objective, scan date as JSON (migration 0024); null otherwise. */
  scanner: string | null
  /** The label and macro kept privately with the build, as a JSON list of names (migration 0031); null when none. */
  associated: string | null
  /** 1 when the owner shows the label and macro to the slide's other members (migration 0031). */
  associated_shown: Generated<number>
  /** Auto tagging's tags as shown: JSON {"tags": [ids], "tissue_percent": n} (migration 0035); null until tagged. */
  auto_tags: string | null
}

/** One auto tag of a slide, for the search to find it by (migration 0035). */
export interface LabTagsTable {
  lab_id: string
  tag: string
}

export interface LabMembersTable {
  id: string
  lab_id: string
  /** Null while the invitation waits for this email to sign up and activate. */
  user_id: string | null
  email: string
  role: "admin" | "reviewer"
  invited_by: string | null
  created_at: string
  updated_at: string
}

/** A pending transfer of a lab's ownership (migration 0020). */
export interface OwnershipOffersTable {
  id: string
  lab_id: string
  from_user_id: string
  to_user_id: string
  /** The receiver's bell notification of it. */
  notification_id: string | null
  created_at: string
}

export interface LabFavoritesTable {
  user_id: string
  lab_id: string
  created_at: string
}

export interface LabRecentsTable {
  user_id: string
  lab_id: string
  accessed_at: string
}

/** Each owner's version of their labs, raised by trigger with every change (migration 0008). */
export interface LabVersionsTable {
  owner_id: string
  version: number
}

/** Which lab each version of an owner changed; the newest CHANGES_KEPT per owner are kept. */
export interface LabChangesTable {
  owner_id: string
  version: number
  lab_id: string
}

export interface LabMetadataTable {
  id: string
  lab_id: string
  name: string
  value: string
  created_at: string
  updated_at: string
}

export interface NotificationsTable {
  id: string
  user_id: string
  type: string
  lab_id: string | null
  sender_id: string | null
  /** The event it was derived from. */
  event_id: string
  is_read: number
  created_at: string
  /** A payment notification's invoice. */
  invoice_id: Generated<string | null>
  /** A comment reply's notification: the thread (annotation) it opens (migration 0032). */
  annotation_id: Generated<string | null>
}

/** An upload and the file lab it creates at its first chunk; `completed_at` once every byte arrived. */
export interface UploadsTable {
  id: string
  user_id: string
  parent_id: string | null
  owner_id: string
  filename: string
  total_size: number
  received: number
  lab_id: string | null
  created_at: string
  updated_at: string
  completed_at: string | null
  /** Set while a server assembles the parts into the original (migration 0035): its lease. */
  completing_until: string | null
}

/** One accepted chunk of an upload (migration 0035): the bytes from `start`, held by a part in the blob store. */
export interface UploadPartsTable {
  upload_id: string
  start: number
  size: number
  part: string
}

/** One job of the durable slide queue. */
export interface SlideJobsTable {
  id: string
  lab_id: string
  /** "pyramid": build from the uploaded original. */
  kind: string
  state: "queued" | "running" | "done" | "failed"
  attempts: number
  run_after: string
  /** A running job's claim; past it, another worker may take the job over. */
  locked_until: string | null
  error: string | null
  created_at: string
  updated_at: string
}

export interface Database {
  users: UsersTable
  backup_codes: BackupCodesTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  events: EventsTable
  rate_limits: RateLimitsTable
  labs: LabsTable
  lab_members: LabMembersTable
  lab_favorites: LabFavoritesTable
  lab_tags: LabTagsTable
  lab_recents: LabRecentsTable
  lab_versions: LabVersionsTable
  lab_changes: LabChangesTable
  lab_metadata: LabMetadataTable
  notifications: NotificationsTable
  uploads: UploadsTable
  upload_parts: UploadPartsTable
  slide_jobs: SlideJobsTable
  labels: LabelsTable
  annotations: AnnotationsTable
  label_deletions: LabelDeletionsTable
  deleted_annotations: DeletedAnnotationsTable
  annotation_tombstones: AnnotationTombstonesTable
  lab_viewers: LabViewersTable
  invoices: InvoicesTable
  payment_proofs: PaymentProofsTable
  subscriptions: SubscriptionsTable
  staff_actions: StaffActionsTable
  scan_requests: ScanRequestsTable
  ownership_offers: OwnershipOffersTable
  chat_messages: ChatMessagesTable
  slide_notes: SlideNotesTable
  chat_reads: ChatReadsTable
  comment_replies: CommentRepliesTable
  comment_threads: CommentThreadsTable
  comment_reply_tombstones: CommentReplyTombstonesTable
  comment_thread_tombstones: CommentThreadTombstonesTable
  chat_mutes: ChatMutesTable
  analysis_jobs: AnalysisJobsTable
}
