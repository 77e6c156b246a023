// Every migration, in the order they run: one file each, named as the migration is recorded in the
// database (kysely_migration), so a name here never changes once released.
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"
import { accounts } from "./0001_accounts.ts"
import { labs } from "./0002_labs.ts"
import { labNameSearch } from "./0003_lab_name_search.ts"
import { slides } from "./0004_slides.ts"
import { uploadLab } from "./0005_upload_lab.ts"
import { labsOwnerLiveName } from "./0006_labs_owner_live_name.ts"
import { livePageIndexes } from "./0007_live_page_indexes.ts"
import { labChangeLog } from "./0008_lab_change_log.ts"
import { dropLabChangeLog } from "./0009_drop_lab_change_log.ts"
import { tokenGeneration } from "./0010_token_generation.ts"
import { uploadsInFlight } from "./0011_uploads_in_flight.ts"
import { annotations } from "./0012_annotations.ts"
import { userLocale } from "./0013_user_locale.ts"
import { billing } from "./0014_billing.ts"
import { scanRequests } from "./0015_scan_requests.ts"
import { annotationGeometry } from "./0016_annotation_geometry.ts"
import { labNameProbe } from "./0017_lab_name_probe.ts"
import { canonicalSelectors } from "./0018_canonical_selectors.ts"
import { annotationRevision } from "./0019_annotation_revision.ts"
import { ownershipOffers } from "./0020_ownership_offers.ts"
import { annotationTombstones } from "./0021_annotation_tombstones.ts"
import { labelDeletions } from "./0022_label_deletions.ts"
import { slideScanner } from "./0024_slide_scanner.ts"
import { annotationLock } from "./0025_annotation_lock.ts"
import { chat } from "./0026_chat.ts"
import { annotationProps } from "./0027_annotation_props.ts"
import { slideNotes } from "./0028_slide_notes.ts"
import { reportFields } from "./0029_report_fields.ts"
import { analysisJobs } from "./0030_analysis_jobs.ts"
import { associatedImages } from "./0031_associated_images.ts"
import { commentThreads } from "./0032_comment_threads.ts"
import { commentTombstones } from "./0034_comment_tombstones.ts"
import { autoTags } from "./0035_auto_tags.ts"
import { uploadParts } from "./0036_upload_parts.ts"
import { annotationsDrawn } from "./0037_annotations_drawn.ts"

export const migrationsFor = (engine: Engine): Record<string, Migration> => ({
  "0001_accounts": accounts(engine),
  "0002_labs": labs,
  "0003_lab_name_search": labNameSearch(engine),
  "0004_slides": slides,
  "0005_upload_lab": uploadLab,
  "0006_labs_owner_live_name": labsOwnerLiveName,
  "0007_live_page_indexes": livePageIndexes(engine),
  "0008_lab_change_log": labChangeLog,
  "0009_drop_lab_change_log": dropLabChangeLog(engine),
  "0010_token_generation": tokenGeneration,
  "0011_uploads_in_flight": uploadsInFlight,
  "0012_annotations": annotations,
  "0013_user_locale": userLocale,
  "0014_billing": billing,
  "0015_scan_requests": scanRequests,
  "0016_annotation_geometry": annotationGeometry(engine),
  "0017_lab_name_probe": labNameProbe(engine),
  "0018_canonical_selectors": canonicalSelectors,
  "0019_annotation_revision": annotationRevision,
  "0020_ownership_offers": ownershipOffers,
  "0021_annotation_tombstones": annotationTombstones(engine),
  "0022_label_deletions": labelDeletions(engine),
  "0024_slide_scanner": slideScanner,
  "0025_annotation_lock": annotationLock,
  "0026_chat": chat,
  "0027_annotation_props": annotationProps,
  "0028_slide_notes": slideNotes,
  "0029_report_fields": reportFields,
  "0030_analysis_jobs": analysisJobs,
  "0031_associated_images": associatedImages,
  "0032_comment_threads": commentThreads,
  "0034_comment_tombstones": commentTombstones,
  "0035_auto_tags": autoTags,
  "0036_upload_parts": uploadParts,
  "0037_annotations_drawn": annotationsDrawn
})
