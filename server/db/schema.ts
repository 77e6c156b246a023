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

/** A slide's label (migration 0012). */
export interface LabelsTable {
  id: string
  lab_id: string
  name: string
  name_lower: string
  /** "#RRGGBB". */
  color: string
  label_type: string
  visible: number
  created_by: string | null
  created_at: string
  updated_at: string
}

/** One annotation: the W3C Web Annotation as JSON text, and its bounding box in image pixels. */
export interface AnnotationsTable {
  id: string
  lab_id: string
  label_id: string
  author_id: string
  data: string
  visible: number
  version: number
  min_x: number
  min_y: number
  max_x: number
  max_y: number
  created_at: string
  /** Its place in the bulk upload that created it (which shares one created_at). */
  ordinal: number
  updated_at: string
  /**
   * Kept beside `data` so the compact read never parses it (server/domain/annotation-data.ts
   * derivedColumns): the shape's kind ("" only for a stored selector that no longer parses), its
   * vertices as little-endian Float64 bytes, its comment bodies as a JSON list (null: none).
   */
  kind: string
  coords: Uint8Array
  comments: string | null
  /** 1 when the annotation is locked (migration 0025; `data.locked` says the same). */
  locked: Generated<number>
  /** Its name, description, lock, creator and created as JSON (src/annotation/props.ts), null when none (migration 0027). */
  props: string | null
}

/** A label deleted within LABEL_UNDO_HOURS, which its deleter may undo (migration 0022). */
export interface LabelDeletionsTable {
  id: string
  lab_id: string
  deleted_by: string
  deleted_at: string
  /** The labels row as it was, as JSON. */
  label: string
  annotations_count: number
}

/** An annotation that went with a deleted label, kept as it was until the deletion is undone or swept. */
export interface DeletedAnnotationsTable extends AnnotationsTable {
  deletion_id: string
}

/**
 * An annotation a bulk delete took (migration 0021): the row as it was, who deleted it and when,
 * kept for TOMBSTONE_HOURS so that its deleter can restore it (server/services/annotations/Annotations.ts).
 */
export interface AnnotationTombstonesTable extends AnnotationsTable {
  deleted_by: string
  deleted_at: string
}

/** A member with a slide open, as of their last call-in. */
export interface LabViewersTable {
  lab_id: string
  user_id: string
  seen_at: string
}

/** A request to scan physical slides (migration 0015); flags 0/1, times ISO strings. */
export interface ScanRequestsTable {
  id: string
  /** Null for a visitor's request, or once the account is deleted. */
  user_id: string | null
  contact_name: string
  contact_email: string
  contact_phone: string | null
  preparations: number
  diagnosis: string
  /** Catalogue ids (server/domain/scan-catalogue.ts). */
  section: string
  stain: string
  magnification: string
  notes: string
  return_slides: number
  return_address: string | null
  /** The language of the requester's mails. */
  locale: string
  state: "received" | "scanning" | "uploaded" | "returned"
  folder_name: string | null
  created_at: string
  scanning_at: string | null
  uploaded_at: string | null
  returned_at: string | null
  updated_at: string
}

export type InvoiceRowStatus = "unpaid" | "waiting" | "paid" | "cancelled"

/** An invoice of a paid plan (migration 0014); amounts in whole rupiah, copied in when issued. */
export interface InvoicesTable {
  id: string
  number: string
  user_id: string
  plan_id: string
  price: number
  unique_code: number
  amount: number
  bank_name: string
  bank_account: string
  bank_holder: string
  status: InvoiceRowStatus
  rejection_reason: string | null
  /** The last receipt uploaded, and when. */
  proof_id: string | null
  proof_at: string | null
  created_at: string
  due_at: string
  paid_at: string | null
  cancelled_at: string | null
  updated_at: string
}

/** A transfer receipt; its bytes are a BlobStore blob. */
export interface PaymentProofsTable {
  id: string
  invoice_id: string
  user_id: string
  blob_key: string
  content_type: string
  size: number
  created_at: string
}

/** A paid period bought by an invoice. */
export interface SubscriptionsTable {
  id: string
  user_id: string
  plan_id: string
  invoice_id: string
  started_at: string
  ends_at: string
  /** When the user was told the period ended (the sweep); null until then. */
  expired_at: string | null
  created_at: string
}

/** One thing done as staff; `staff_id` null and `staff_label` "operator" for the command line. */
export interface StaffActionsTable {
  id: string
  action: string
  staff_id: string | null
  staff_label: string
  invoice_id: string | null
  target_user_id: string | null
  reason: string | null
  event_id: string | null
  created_at: string
}

/** One message of a slide's chat; `mentions` a JSON array of user ids. */
/** A slide's note or report (migration 0028). */
export interface SlideNotesTable {
  id: string
  lab_id: string
  kind: "note" | "report"
  /** Null once the author's account is gone. */
  author_id: string | null
  title: string
  value: string
  created_at: string
  updated_at: string
  /** A report's structured fields as JSON (migration 0029); null on notes. */
  fields: string | null
  /** Who last saved it; null once that account is gone (migration 0029). */
  editor_id: string | null
}

export interface ChatMessagesTable {
  id: string
  lab_id: string
  sender_id: string | null
  message: string
  mentions: string
  created_at: string
}

/** When a user last read a slide's chat: what came after, from others, is unread. */
export interface ChatReadsTable {
  user_id: string
  lab_id: string
  read_at: string
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
  lab_recents: LabRecentsTable
  lab_versions: LabVersionsTable
  lab_changes: LabChangesTable
  lab_metadata: LabMetadataTable
  notifications: NotificationsTable
  uploads: UploadsTable
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
}
