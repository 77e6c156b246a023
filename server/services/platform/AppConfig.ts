// The loaded configuration as a service, so handlers and services read it from context.
import { Context, Layer } from "effect"
import type { Config } from "../../config.ts"

export class AppConfig extends Context.Service<AppConfig, Config>()("preparat/AppConfig") {
  static readonly layer = (config: Config) => Layer.succeed(AppConfig, config)
}
