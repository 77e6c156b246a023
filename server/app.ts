// Composition root of the HTTP application: every route layer and the services they need.
// main.ts adds the Node HTTP server; tests use the same layer on a port of their own.
import { Layer } from "effect"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { Api } from "../src/contract/api.ts"
import type { Config } from "./config.ts"
import { AuthorizationLive } from "./http/authorization.ts"
import { RequestErrorsLive } from "./http/request-errors.ts"
import { SpaRoutes } from "./http/spa.ts"
import { AppConfig } from "./services/AppConfig.ts"
import { Database } from "./services/Database.ts"

export const makeApp = (config: Config) => {
  const infrastructure = Layer.mergeAll(AppConfig.layer(config), Database.layer(config))
  const apiRoutes = HttpApiBuilder.layer(Api, { openapiPath: "/v2/openapi.json" }).pipe(
    Layer.provide([]),
    Layer.provide([RequestErrorsLive, AuthorizationLive])
  )
  const docs = HttpApiScalar.layer(Api, { path: "/v2/docs" })
  return Layer.mergeAll(apiRoutes, docs, SpaRoutes(config)).pipe(Layer.provide(infrastructure))
}
