// Who may listen to a lab's channel: the same people who may see the lab (permission matrix).
import { Context, Effect, Layer } from "effect"

export class ChannelAccess extends Context.Service<
  ChannelAccess,
  { readonly canSeeLab: (userId: string, labId: string) => Effect.Effect<boolean> }
>()("preparat/ChannelAccess") {
  /** Until labs exist nobody may listen to a lab channel. */
  static readonly none = Layer.succeed(ChannelAccess, ChannelAccess.of({ canSeeLab: () => Effect.succeed(false) }))
}
