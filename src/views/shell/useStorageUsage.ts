// The signed-in user's storage usage for the sidebar meter. The storage endpoint
// (GET /v2/pricing/plan/storage/) belongs to a later issue; until its actor exists this reports
// "unknown" and the meter shows a neutral placeholder rather than invented numbers.
import type { StorageUsage } from "./storage-usage.ts"

const unknown: StorageUsage = { status: "unknown" }

export const useStorageUsage = (): StorageUsage => unknown
