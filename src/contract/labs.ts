// /v2/labs: folders and files ("labs"), their info panel, the folder tree, favorites, shared and
// recent lists, metadata (incl. the public flag) and the trash.
//
// Nesting follows the original API's answers literally: where they nest `data.data.results` (creating
// a lab) the body is { status, data: { data: { results } } }; elsewhere lists are the usual
// { status, data: { results, meta } }.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors.ts"
import { Authorization } from "./middleware.ts"
import { UserSummary } from "./users.ts"
import { OptionalAuthorization } from "./viewer.ts"

export const LabId = Schema.String
export type LabId = typeof LabId.Type

/** Longest lab name; a name may not contain "/" and is unique among its siblings (case-insensitive). */
export const LAB_NAME_MAX = 255
/** The metadata key of the public flag; its value is "true" or "false". */
export const PUBLIC_KEY = "mylab-is_public"

export const Role = Schema.Literals(["owner", "admin", "reviewer"])
export type Role = typeof Role.Type

/** Upload status of a file; folders have none. */
export const UploadStatus = Schema.Literals(["uploading", "processing", "ready", "failed"])
export type UploadStatus = typeof UploadStatus.Type

/**
 * A slide's auto tags (paid plans; server/ai/tagging): ids of the `GET /v2/slides/list-tags/`
 * catalogue (stain family, magnification) and the share of the image that is tissue.
 */
export const AutoTags = Schema.Struct({
  tags: Schema.Array(Schema.String),
  tissue_percent: Schema.Number
})
export type AutoTags = typeof AutoTags.Type

/** One folder or file as every lab answer carries it. */
export const Lab = Schema.Struct({
  id: LabId,
  name: Schema.String,
  is_dir: Schema.Boolean,
  /** The parent folder's id, null at the root. */
  parent: Schema.NullOr(LabId),
  status: Schema.NullOr(UploadStatus),
  thumbnail: Schema.NullOr(Schema.String),
  thumbnail_url: Schema.NullOr(Schema.String),
  /** A ready slide's Deep Zoom descriptor (.dzi) for the viewer; null for folders and until ready. */
  tile_source: Schema.NullOr(Schema.String),
  /** A ready slide's full-resolution size in pixels. */
  width: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  /** Microns per pixel at full resolution, where the file records it (the scale bar needs it). */
  mpp: Schema.NullOr(Schema.Number),
  /** Bytes; a folder's size is the sum of what it contains (not counting the trash). */
  size: Schema.Number,
  created_at: Schema.String,
  updated_at: Schema.String,
  /** Whether the asking user marked it; false for a guest. */
  is_favorite: Schema.Boolean,
  /** Public itself or inside a public folder: anyone may view it. */
  is_public: Schema.Boolean,
  /** The asking user's standing on it; null for a stranger viewing a public lab, or a guest. */
  role: Schema.NullOr(Role),
  /** The owner. */
  user: UserSummary,
  /** Present once the slide was auto tagged (on a paid plan), absent otherwise. */
  auto_tags: Schema.optionalKey(AutoTags)
})
export type Lab = typeof Lab.Type

export const Crumb = Schema.Struct({ id: LabId, name: Schema.String })
export type Crumb = typeof Crumb.Type

/** GET /v2/labs/{id}/: the lab and the ancestors the user may see, outermost first. */
/** Who scanned a slide and how, read from a scanner's own format (null for plain images). */
export const Scanner = Schema.Struct({
  /** OpenSlide's vendor name: aperio, hamamatsu, leica, ventana, philips, mirax, ... */
  vendor: Schema.String,
  model: Schema.NullOr(Schema.String),
  /** The objective it was scanned with (20, 40). */
  objective: Schema.NullOr(Schema.Number),
  /** The scan's date as the file writes it. */
  scanned: Schema.NullOr(Schema.String)
})
export type Scanner = typeof Scanner.Type

export const LabDetail = Schema.Struct({ ...Lab.fields, scanner: Schema.NullOr(Scanner), breadcrumb: Schema.Array(Crumb) })
export type LabDetail = typeof LabDetail.Type

/** The answer of POST /v2/labs/: the new lab with its parent (`results[0].parent.id`), which tells the
 * New folder dialog whether the folder was created where the user is looking. */
export const CreatedLab = Schema.Struct({ ...Lab.fields, parent: Schema.NullOr(Crumb) })
export type CreatedLab = typeof CreatedLab.Type

export const RecentLab = Schema.Struct({ ...Lab.fields, accessed_at: Schema.String })
export type RecentLab = typeof RecentLab.Type

export const TrashItem = Schema.Struct({ ...Lab.fields, deleted_at: Schema.String })
export type TrashItem = typeof TrashItem.Type

export const MetadataEntry = Schema.Struct({
  id: Schema.String,
  lab_id: LabId,
  name: Schema.String,
  value: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type MetadataEntry = typeof MetadataEntry.Type

/** One collaborator row (also the members list's item; see members.ts). */
export const Collaborator = Schema.Struct({
  /** The membership id; "owner" for the owner's row, which cannot be changed or removed. */
  id: Schema.String,
  /** Null while the invitation waits for that email to sign up. */
  user_id: Schema.NullOr(Schema.String),
  email: Schema.String,
  name: Schema.String,
  username: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String),
  role_member: Role,
  /** An invitation awaiting sign-up and activation. */
  is_pending: Schema.Boolean,
  /** Where the membership is held: this lab, or a folder above it (then `is_inherited`). */
  lab_id: Schema.NullOr(LabId),
  is_inherited: Schema.Boolean
})
export type Collaborator = typeof Collaborator.Type

/** GET /v2/labs/{id}/info/: the right-hand info panel. */
export const LabInfo = Schema.Struct({
  id: LabId,
  name: Schema.String,
  type: Schema.Literals(["folder", "image"]),
  is_dir: Schema.Boolean,
  owner: UserSummary,
  created_at: Schema.String,
  updated_at: Schema.String,
  thumbnail: Schema.NullOr(Schema.String),
  thumbnail_url: Schema.NullOr(Schema.String),
  tile_source: Schema.NullOr(Schema.String),
  width: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  mpp: Schema.NullOr(Schema.Number),
  description: Schema.NullOr(Schema.String),
  size: Schema.Number,
  metadata: Schema.Array(MetadataEntry),
  access: Schema.Literals(["public", "private"]),
  /** The first five (owner first); see GET /v2/members/ for all. */
  collaborators: Schema.Array(Collaborator),
  collaborators_count: Schema.Number,
  role: Schema.NullOr(Role),
  /** As on Lab: present once the slide was auto tagged. */
  auto_tags: Schema.optionalKey(AutoTags)
})
export type LabInfo = typeof LabInfo.Type

/** GET /v2/get-dirs/: a "Root" entry with a null id first, then the visible folders, nested. */
export interface FolderNode {
  readonly id: string | null
  readonly name: string
  readonly parent: string | null
  readonly sub_dirs: ReadonlyArray<FolderNode>
}
export const FolderNode = Schema.Struct({
  id: Schema.NullOr(LabId),
  name: Schema.String,
  parent: Schema.NullOr(LabId),
  sub_dirs: Schema.Array(Schema.suspend((): Schema.Codec<FolderNode> => FolderNode))
})

export const Ordering = Schema.Literals(["name", "-name", "updated_at", "-updated_at", "created_at", "-created_at", "size", "-size"])
export type Ordering = typeof Ordering.Type

export const LabListQuery = {
  ...PageQuery,
  /** A folder's children; without it the root of the user's own labs. */
  parent: Schema.optional(LabId),
  /** Case-insensitive part of a name, across everything the user can see (inside `parent` when given). */
  search: Schema.optional(Schema.String),
  ordering: Schema.optional(Ordering)
}

/** One id or a list of ids. */
export const LabIds = Schema.Union([LabId, Schema.Array(LabId)])

export const CreateLabPayload = Schema.Struct({
  name: Schema.String,
  parent: Schema.optionalKey(Schema.NullOr(LabId)),
  /** Only folders are created here (default true); files come from uploads. */
  is_dir: Schema.optionalKey(Schema.Boolean),
  is_favorite: Schema.optionalKey(Schema.Boolean)
})
export type CreateLabPayload = typeof CreateLabPayload.Type

/** `name` renames; `parent` moves (null: to the owner's root). At least one of them. */
export const UpdateLabPayload = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  parent: Schema.optionalKey(Schema.NullOr(LabId))
})
export type UpdateLabPayload = typeof UpdateLabPayload.Type

/** The most microns per pixel a slide may be given: a microscope sees well under this (as the pyramid builder reads tags). */
export const MAX_MPP = 50

/** PUT /v2/labs/{id}/resolution/: the slide's microns per pixel, typed in or measured off a line of known length. */
export const SlideResolutionPayload = Schema.Struct({
  mpp: Schema.Finite.check(Schema.makeFilter((n: number) => (n > 0 && n <= MAX_MPP) || "validation.invalid"))
})
export type SlideResolutionPayload = typeof SlideResolutionPayload.Type

export const LabIdPayload = Schema.Struct({ lab_id: LabId })
export const LabIdsPayload = Schema.Struct({ lab_id: LabIds })

export const MetadataQuery = { lab_id: LabId, meta_key: Schema.optional(Schema.String) }

/** Creates or edits one entry: by `id`, or else by `name` (one entry per name and lab). */
export const PutMetadataPayload = Schema.Struct({
  lab_id: LabId,
  name: Schema.String,
  value: Schema.String,
  id: Schema.optionalKey(Schema.String)
})
export type PutMetadataPayload = typeof PutMetadataPayload.Type

export const EditMetadataPayload = Schema.Struct({ name: Schema.optionalKey(Schema.String), value: Schema.String })
export type EditMetadataPayload = typeof EditMetadataPayload.Type

/** A page of labs (lists of folders, search, favorites, shared). */
export const LabPageAnswer = Ok(Page(Lab))
/** GET /v2/labs/{id}/. */
export const LabDetailAnswer = Ok(LabDetail)

/** An answer with nothing to say but success. */
export const Done = Ok(Schema.Null)
export const MetadataList = Ok(Schema.Struct({ metadata: Schema.Array(MetadataEntry) }))
export const MetadataOne = Ok(Schema.Struct({ metadata: MetadataEntry }))
export const LabParams = { id: LabId }

/** What a guest may call too: viewing a public lab. With a token, the user's own view. */
export class LabsView extends HttpApiGroup.make("labsView")
  .add(
    HttpApiEndpoint.get("list", "/labs/", {
      query: LabListQuery,
      success: LabPageAnswer,
      error: [BadRequest, Unauthorized, NotFound]
    }),
    HttpApiEndpoint.get("get", "/labs/:id/", { params: LabParams, success: LabDetailAnswer, error: [Unauthorized, NotFound] }),
    HttpApiEndpoint.get("info", "/labs/:id/info/", { params: LabParams, success: Ok(LabInfo), error: [Unauthorized, NotFound] }),
    HttpApiEndpoint.get("metadata", "/labs/metadata/", {
      query: MetadataQuery,
      success: MetadataList,
      error: [BadRequest, Unauthorized, NotFound]
    }),
    HttpApiEndpoint.get("metalabs", "/labs/:id/metalabs/", { params: LabParams, success: MetadataList, error: [Unauthorized, NotFound] })
  )
  .middleware(OptionalAuthorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Labs (viewing)",
      description: "Listing and viewing labs. A bearer token is optional: without one, public labs only (read-only)."
    })
  ) {}

export class Labs extends HttpApiGroup.make("labs")
  .add(
    HttpApiEndpoint.post("create", "/labs/", {
      payload: CreateLabPayload,
      success: Ok(Schema.Struct({ data: Schema.Struct({ results: Schema.Array(CreatedLab) }) })).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.put("update", "/labs/:id/", {
      params: LabParams,
      payload: UpdateLabPayload,
      success: Ok(Lab),
      error: [BadRequest, Forbidden, NotFound]
    }),
    /** Gives a slide its microns per pixel (owner and admin): the scale bar and measurements use it. */
    HttpApiEndpoint.put("resolution", "/labs/:id/resolution/", {
      params: LabParams,
      payload: SlideResolutionPayload,
      success: Ok(Lab),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("remove", "/labs/:id/", { params: LabParams, success: Done, error: [Forbidden, NotFound] }),
    HttpApiEndpoint.delete("removeMany", "/labs/", { payload: LabIdsPayload, success: Done, error: [BadRequest, Forbidden, NotFound] }),
    HttpApiEndpoint.get("dirs", "/get-dirs/", { success: Ok(Schema.Array(FolderNode)) }),
    HttpApiEndpoint.get("shareds", "/labs/shareds/", { query: PageQuery, success: Ok(Page(Lab)), error: BadRequest }),
    HttpApiEndpoint.get("recents", "/labs/recents/", { query: PageQuery, success: Ok(Page(RecentLab)), error: BadRequest })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Labs",
      description: "Creating, renaming, moving and deleting labs; folder tree; shared and recent lists"
    })
  ) {}
