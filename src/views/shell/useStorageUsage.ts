// The signed-in user's storage usage for the sidebar meter, from GET /v2/pricing/plan/storage/
// (src/machines/labs/storage.machine.ts). Until the server answers it is "unknown" and the meter shows a
// neutral placeholder rather than invented numbers.
import type { StorageUsage } from "./storage-usage.ts"
import { useStorageSnapshot } from "./StorageContext.tsx"

const unknown: StorageUsage = { status: "unknown" }

export const useStorageUsage = (): StorageUsage => {
  const usage = useStorageSnapshot()
  return usage === null
    ? unknown
    : {
        status: "known",
        usedBytes: usage.total_used,
        totalBytes: usage.total_storage,
        reservedBytes: usage.total_reserved,
        percent: usage.percentage_used
      }
}
