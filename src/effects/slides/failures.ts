// What a failed slide load means to the viewer. The server answers 404 alike for a lab that does not
// exist, one in the trash and one the asker may not see (so a URL tells a stranger nothing), and 401
// to a visitor without a session when the lab is not public; 403 is treated the same. The page then
// shows its not-found state (offering a visitor to sign in). Anything else (no network, a server
// error) may pass: the page offers to retry.
import type { AppFailure } from "../AppFailure.ts"
import { present } from "../Catalogue.ts"
import type { Notice } from "../Notice.ts"

export type SlideLoadFailure = { readonly kind: "missing" } | { readonly kind: "unavailable"; readonly notice: Notice }

export const slideLoadFailureOf = (error: AppFailure): SlideLoadFailure =>
  error._tag === "NotFound" || error._tag === "Forbidden" || error._tag === "Unauthorized"
    ? { kind: "missing" }
    : { kind: "unavailable", notice: present(error).notice }
