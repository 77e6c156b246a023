// The words of the signed-in workspace (labs, members, notifications, settings, the viewer, uploads):
// downloaded with the workspace, not with the sign-in page.
import type { enWorkspace } from "../en/workspace.ts"
import { annotationImport } from "./annotation-import.ts"
import { associated } from "./associated.ts"
import { billing } from "./billing.ts"
import { comments } from "./comments.ts"
import { compare } from "./compare.ts"
import { dashboard } from "./dashboard.ts"
import { labs } from "./labs.ts"
import { members } from "./members.ts"
import { notifications } from "./notifications.ts"
import { scan } from "./scan.ts"
import { settings } from "./settings.ts"
import { uploads } from "./uploads.ts"
import { viewer } from "./viewer.ts"

export const idWorkspace: typeof enWorkspace = {
  annotationImport,
  associated,
  billing,
  comments,
  compare,
  dashboard,
  labs,
  members,
  notifications,
  scan,
  settings,
  viewer,
  uploads
}
