// The English dictionary: one area per file, merged under the area's key ("auth.login.title").
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

export const en = {
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
