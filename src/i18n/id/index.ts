// The Indonesian dictionary. Typed as the English one, so a missing key fails type checking.
import type { en } from "../en/index.ts"
import { auth } from "./auth.ts"
import { common } from "./common.ts"
import { dashboard } from "./dashboard.ts"
import { errors } from "./errors.ts"
import { labs } from "./labs.ts"
import { members } from "./members.ts"
import { notifications } from "./notifications.ts"
import { publicPages } from "./public.ts"
import { settings } from "./settings.ts"
import { shell } from "./shell.ts"
import { uploads } from "./uploads.ts"
import { validation } from "./validation.ts"
import { viewer } from "./viewer.ts"

export const id: typeof en = {
  common,
  shell,
  public: publicPages,
  dashboard,
  labs,
  members,
  notifications,
  auth,
  settings,
  errors,
  validation,
  viewer,
  uploads
}
