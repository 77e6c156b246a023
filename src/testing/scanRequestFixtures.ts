// A scan request as the server answers it, for the scan machines' model tests.
import type { ScanRequest } from "../contract/scan-requests.ts"

export const scanRequest = (id: string, extra: Partial<ScanRequest> = {}): ScanRequest => ({
  id,
  reference: `SR-${id.toUpperCase().padStart(8, "0")}`,
  state: "received",
  preparations: 2,
  diagnosis: "Chronic hepatitis",
  section: { id: "ffpe", name: "Paraffin (FFPE)" },
  stain: { id: "he", name: "Hematoxylin and eosin (H&E)" },
  magnification: "20x",
  notes: "",
  return_slides: false,
  return_address: null,
  contact: { name: "Ana", email: "ana@lab.test", phone: null },
  user_id: "u1",
  folder_name: null,
  timeline: { received: "2026-05-01T00:00:00Z", scanning: null, uploaded: null, returned: null },
  created_at: "2026-05-01T00:00:00Z",
  updated_at: "2026-05-01T00:00:00Z",
  ...extra
})
