// Wire-shaped labs for the labs workspace's machine tests.
import type { PageMeta } from "../contract/envelope.ts"
import type { CreatedLab, FolderNode, Lab, LabDetail, LabInfo, Role, TrashItem } from "../contract/labs.ts"
import type { StorageUsage } from "../contract/storage.ts"
import { badRequest, Forbidden } from "../effects/ApiError.ts"

const owner = { id: "u1", email: "ada@lab.test", name: "Ada Lovelace", username: "ada", avatar: null }

export const lab = (id: string, name: string, more: Partial<Lab> = {}): Lab => ({
  id,
  name,
  is_dir: true,
  parent: null,
  status: null,
  thumbnail: null,
  thumbnail_url: null,
  tile_source: null,
  width: null,
  height: null,
  mpp: null,
  size: 0,
  created_at: "2025-03-01T10:00:00.000Z",
  updated_at: "2025-03-02T10:00:00.000Z",
  is_favorite: false,
  is_public: false,
  role: "owner" as Role,
  user: owner,
  ...more
})

export const slides = lab("f1", "Slides")
export const biopsies = lab("f2", "Biopsies")
export const scan = lab("s1", "Liver H&E.svs", { is_dir: false, size: 1_500_000, status: "ready" })
export const reviewed = lab("f9", "Shared cases", { role: "reviewer" })

export const meta = (count: number, next: number | null, current = 1): PageMeta => ({ count, current_page: current, next_page: next })

export const folderDetail = (of: Lab, breadcrumb: ReadonlyArray<{ id: string; name: string }> = []): LabDetail => ({
  ...of,
  scanner: null,
  breadcrumb
})

export const created = (id: string, name: string, parent: { id: string; name: string } | null): CreatedLab => ({
  ...lab(id, name),
  parent
})

/** Root, then Slides > Biopsies, and Archive. */
export const tree: ReadonlyArray<FolderNode> = [
  { id: null, name: "Root", parent: null, sub_dirs: [] },
  { id: "f1", name: "Slides", parent: null, sub_dirs: [{ id: "f2", name: "Biopsies", parent: "f1", sub_dirs: [] }] },
  { id: "f3", name: "Archive", parent: null, sub_dirs: [] }
]

export const info = (more: Partial<LabInfo> = {}): LabInfo => ({
  id: "f1",
  name: "Slides",
  type: "folder",
  is_dir: true,
  owner,
  created_at: "2025-03-01T10:00:00.000Z",
  updated_at: "2025-03-02T10:00:00.000Z",
  thumbnail: null,
  thumbnail_url: null,
  tile_source: null,
  width: null,
  height: null,
  mpp: null,
  description: null,
  size: 0,
  metadata: [],
  access: "private",
  collaborators: [],
  collaborators_count: 0,
  role: "owner",
  ...more
})

export const trashed = (of: Lab): TrashItem => ({ ...of, deleted_at: "2025-03-03T10:00:00.000Z" })

export const usage = (used: number, total: number): StorageUsage => ({
  total_used: used,
  total_storage: total,
  total_reserved: 0,
  percentage_used: Math.round((used / total) * 10000) / 100
})

export const nameTaken = badRequest({ name: ["A lab with this name already exists here."] })
export const refused = new Forbidden({ message: "You do not have permission to do this in this lab." })
