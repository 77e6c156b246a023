// /v2/labs/metadata/ and /v2/labs/{id}/info/{metaId}/: a lab's keyword and value pairs, its public flag among them.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { BadRequest, Forbidden, NotFound } from "./errors.ts"
import { Done, EditMetadataPayload, LabId, MetadataOne, PUBLIC_KEY, PutMetadataPayload } from "./labs.ts"
import { Authorization } from "./middleware.ts"

export class Metadata extends HttpApiGroup.make("metadata")
  .add(
    HttpApiEndpoint.put("put", "/labs/metadata/", {
      payload: PutMetadataPayload,
      success: MetadataOne,
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.put("edit", "/labs/:id/info/:metaId/", {
      params: { id: LabId, metaId: Schema.String },
      payload: EditMetadataPayload,
      success: MetadataOne,
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("remove", "/labs/:id/info/:metaId/", {
      params: { id: LabId, metaId: Schema.String },
      success: Done,
      error: [Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Metadata",
      description: `Keyword and value pairs of a lab; "${PUBLIC_KEY}" ("true"/"false") is its public flag`
    })
  ) {}
