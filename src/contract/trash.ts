// /v2/labs/trash/ and /v2/restore/: the owner's deleted labs.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound } from "./errors.ts"
import { Done, Lab, LabIdsPayload, LabParams, TrashItem } from "./labs.ts"
import { Authorization } from "./middleware.ts"

export class Trash extends HttpApiGroup.make("trash")
  .add(
    HttpApiEndpoint.get("list", "/labs/trash/", { query: PageQuery, success: Ok(Page(TrashItem)), error: BadRequest }),
    HttpApiEndpoint.post("restore", "/restore/", {
      payload: LabIdsPayload,
      success: Ok(Schema.Struct({ results: Schema.Array(Lab) })),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("purge", "/labs/trash/:id/", { params: LabParams, success: Done, error: [Forbidden, NotFound] }),
    HttpApiEndpoint.delete("empty", "/labs/trash/", { success: Ok(Schema.Struct({ count: Schema.Number })) })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({ title: "Trash", description: "Deleted labs of the signed-in owner: restore, delete forever, empty" })
  ) {}
