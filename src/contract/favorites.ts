import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound } from "./errors.ts"
import { Done, Lab, LabIdPayload, LabParams } from "./labs.ts"
import { Authorization } from "./middleware.ts"

export class Favorites extends HttpApiGroup.make("favorites")
  .add(
    HttpApiEndpoint.get("list", "/labs/favorites/", { query: PageQuery, success: Ok(Page(Lab)), error: BadRequest }),
    HttpApiEndpoint.post("add", "/labs/favorites/", {
      payload: LabIdPayload,
      success: Ok(Lab).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("remove", "/labs/favorites/:id/", { params: LabParams, success: Done, error: NotFound })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Favorites", description: "The signed-in user's favorite labs" })) {}
