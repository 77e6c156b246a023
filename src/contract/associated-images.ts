// A scanner's label and macro pictures (issue 22's privacy rules): the owner and admins see them;
// a reviewer only once the owner shows them; nobody through a public link (these endpoints need a
// signed-in member). Only the owner shows or hides them.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound } from "./errors.ts"
import { Authorization } from "./middleware.ts"

export const AssociatedName = Schema.Literals(["label", "macro"])
export type AssociatedName = typeof AssociatedName.Type

/** What the asker may see of them: none (hidden, or the slide has none), or the names; and the toggle. */
export const AssociatedImages = Schema.Struct({
  images: Schema.Array(AssociatedName),
  /** Whether the owner shows them to the slide's other members. */
  shown: Schema.Boolean,
  /** Whether the asker may show or hide them (the owner). */
  can_show: Schema.Boolean
})
export type AssociatedImages = typeof AssociatedImages.Type

export const ShowAssociatedPayload = Schema.Struct({ shown: Schema.Boolean })

const LabParams = { labId: Schema.String }

export class AssociatedImagesGroup extends HttpApiGroup.make("associatedImages")
  .add(
    HttpApiEndpoint.get("list", "/labs/:labId/associated-images/", {
      params: LabParams,
      success: Ok(AssociatedImages),
      error: [Forbidden, NotFound]
    }),
    HttpApiEndpoint.put("show", "/labs/:labId/associated-images/", {
      params: LabParams,
      payload: ShowAssociatedPayload,
      success: Ok(AssociatedImages),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.get("image", "/labs/:labId/associated-images/:name/", {
      params: { labId: Schema.String, name: AssociatedName },
      success: HttpApiSchema.StreamUint8Array({ contentType: "image/jpeg" }),
      error: [Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Label and macro",
      description:
        "A scanner's label and macro pictures of a slide: to its owner and admins, to reviewers once the owner shows them (`PUT` with `{ shown }`, owner only), never through a public link."
    })
  ) {}
