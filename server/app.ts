// Composition root of the HTTP application: every route layer and the services they need.
// main.ts adds the Node HTTP server; tests use the same layer on a port of their own.
import { Effect, Layer } from "effect"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { Api } from "../src/contract/api.ts"
import type { Config } from "./config.ts"
import { ActivationRoute } from "./http/activation.ts"
import { AnnotationsLive, AnnotationsViewLive, LabelsLive, SlideViewersLive } from "./http/annotations.ts"
import { AuthAccountLive } from "./http/auth-account.ts"
import { AuthPublicLive } from "./http/auth-public.ts"
import { AuthorizationLive } from "./http/authorization.ts"
import { DevOutboxRoutes } from "./http/dev-outbox.ts"
import { FavoritesLive } from "./http/favorites.ts"
import { LabsLive } from "./http/labs.ts"
import { LabsViewLive } from "./http/labs-view.ts"
import { MediaRoutes } from "./http/media.ts"
import { OriginalMediaRoutes } from "./http/original-media.ts"
import { SlideMediaRoutes } from "./http/slide-media.ts"
import { MembersLive } from "./http/members.ts"
import { MetadataLive } from "./http/metadata.ts"
import { NotificationsLive } from "./http/notifications.ts"
import { ChatLive, ChatViewLive } from "./http/chat.ts"
import { CommentsLive, CommentsViewLive } from "./http/comments.ts"
import { NotesLive } from "./http/notes.ts"
import { AnalysisLive } from "./http/analysis.ts"
import { BillingLive } from "./http/billing.ts"
import { RequestErrorsLive } from "./http/request-errors.ts"
import { ScanRequestsLive, ScanRequestsPublicLive } from "./http/scan-requests.ts"
import { SpaRoutes } from "./http/spa.ts"
import { SlidesLive } from "./http/slides.ts"
import { AssociatedImagesLive } from "./http/associated-images.ts"
import { PaymentReviewLive } from "./http/payment-review.ts"
import { StorageLive } from "./http/storage.ts"
import { TrashLive } from "./http/trash.ts"
import { BodyLimits } from "./http/body-limits.ts"
import { ServerErrorLog } from "./http/server-errors.ts"
import { SecurityHeaders } from "./http/security-headers.ts"
import { StorageFailureAnswers } from "./http/storage-failures.ts"
import { UnstorableTextAnswers } from "./http/unstorable-text.ts"
import { UploadLimitAnswers } from "./http/upload-limits.ts"
import { StaffOnlyLive } from "./http/staff-only.ts"
import { OptionalAuthorizationLive } from "./http/viewer.ts"
import { RealtimeAuthLive, RealtimeConfigLive } from "./http/realtime.ts"
import type { Bus } from "./cluster/bus.ts"
import { revokeLostAccess } from "./realtime/access-revocation.ts"
import type { Hub } from "./realtime/hub.ts"
import { announceSessionsEnded, endSocketsWithSessions } from "./realtime/session-revocation.ts"
import { AccessRecorder } from "./services/labs/AccessRecorder.ts"
import { BulkParser } from "./services/annotations/BulkParser.ts"
import { Annotations } from "./services/annotations/Annotations.ts"
import { Labels } from "./services/annotations/Labels.ts"
import { SlideViewers } from "./services/annotations/SlideViewers.ts"
import { AccessTokens } from "./services/auth/AccessTokens.ts"
import { AppConfig } from "./services/platform/AppConfig.ts"
import { EventPublisher } from "./services/platform/EventPublisher.ts"
import { Peers } from "./services/platform/Peers.ts"
import { Realtime } from "./services/platform/Realtime.ts"
import { Avatars } from "./services/auth/Avatars.ts"
import { Billing } from "./services/billing/Billing.ts"
import { BillingSweep } from "./services/billing/BillingSweep.ts"
import { BlobStore } from "./services/platform/BlobStore.ts"
import { S3 } from "./services/platform/S3.ts"
import { Credentials } from "./services/auth/Credentials.ts"
import { Database } from "./services/platform/Database.ts"
import { EventLog } from "./services/platform/EventLog.ts"
import { Favorites } from "./services/labs/Favorites.ts"
import { Invitations } from "./services/labs/Invitations.ts"
import { LabAccess } from "./services/labs/LabAccess.ts"
import { LabDetails } from "./services/labs/LabDetails.ts"
import { LabListings } from "./services/labs/LabListings.ts"
import { LabMetadata } from "./services/labs/LabMetadata.ts"
import { Labs } from "./services/labs/Labs.ts"
import { SlideResolution } from "./services/labs/SlideResolution.ts"
import { Mailer } from "./services/platform/Mailer.ts"
import { MemberInvites } from "./services/labs/MemberInvites.ts"
import { Members } from "./services/labs/Members.ts"
import { OwnershipTransfer } from "./services/labs/OwnershipTransfer.ts"
import { Mfa } from "./services/auth/Mfa.ts"
import { Notifications } from "./services/platform/Notifications.ts"
import { Chat } from "./services/chat/Chat.ts"
import { Comments } from "./services/comments/Comments.ts"
import { Notes } from "./services/notes/Notes.ts"
import { Analyses } from "./services/ai/Analyses.ts"
import { AnalysisJobs } from "./services/ai/AnalysisJobs.ts"
import { AnalysisWorker } from "./services/ai/AnalysisWorker.ts"
import { OneTimeTokens } from "./services/auth/OneTimeTokens.ts"
import { Passwords } from "./services/auth/Passwords.ts"
import { PaymentReview } from "./services/billing/PaymentReview.ts"
import { Profiles } from "./services/auth/Profiles.ts"
import { RateLimiter } from "./services/platform/RateLimiter.ts"
import { ScanRequests } from "./services/scan-requests/ScanRequests.ts"
import { Registration } from "./services/auth/Registration.ts"
import { SalesContact } from "./services/billing/SalesContact.ts"
import { Sessions } from "./services/auth/Sessions.ts"
import { StaffRoles } from "./services/auth/StaffRoles.ts"
import { Storage } from "./services/slides/Storage.ts"
import { Totp } from "./services/auth/Totp.ts"
import { Trash } from "./services/labs/Trash.ts"
import { DziImport } from "./services/slides/DziImport.ts"
import { SlideFiles } from "./services/slides/SlideFiles.ts"
import { SlideJobs } from "./services/slides/SlideJobs.ts"
import { AutoTagging } from "./services/slides/AutoTagging.ts"
import { SlideWorker } from "./services/slides/SlideWorker.ts"
import { Uploads } from "./services/slides/Uploads.ts"
import { UploadSweep } from "./services/slides/UploadSweep.ts"

/** The account services, built once and shared by the API handlers and the raw routes. */
const accountServices = () => {
  const basics = Layer.mergeAll(
    EventLog.layer,
    RateLimiter.layer,
    Mailer.layer,
    Passwords.layer,
    Totp.layer,
    OneTimeTokens.layer,
    Avatars.layer
  )
  // Activation attaches the lab invitations that waited for the new account.
  const invitations = Invitations.layer.pipe(Layer.provideMerge(Notifications.layer), Layer.provideMerge(basics))
  const mfa = Mfa.layer.pipe(Layer.provideMerge(invitations))
  return Layer.mergeAll(Registration.layer, Sessions.layer, Credentials.layer, Profiles.layer).pipe(Layer.provideMerge(mfa))
}

/** The labs workspace: labs, their lists and details, metadata, trash, members and storage. */
const labServices = () => {
  const gate = Layer.mergeAll(LabAccess.layer, AccessRecorder.layer, BlobStore.layer, SlideFiles.layer)
  const lists = LabListings.layer.pipe(Layer.provideMerge(gate))
  return Layer.mergeAll(
    Labs.layer,
    SlideResolution.layer,
    LabDetails.layer,
    LabMetadata.layer,
    Favorites.layer,
    Trash.layer,
    Members.layer,
    MemberInvites.layer,
    OwnershipTransfer.layer,
    Storage.layer,
    Annotations.layer.pipe(Layer.provide(BulkParser.layer)),
    Labels.layer,
    SlideViewers.layer,
    Chat.layer,
    Comments.layer,
    Notes.layer,
    ScanRequests.layer
  ).pipe(Layer.provideMerge(lists))
}

/** Slide ingest: uploads, the Deep Zoom import, the durable job queue with its worker, the sweep. */
const slideServices = () => {
  const uploads = Uploads.layer.pipe(Layer.provideMerge(SlideJobs.layer))
  // Both ways a slide becomes ready tag it (paid plans).
  return Layer.mergeAll(DziImport.layer, SlideWorker, UploadSweep).pipe(Layer.provide(AutoTagging.layer), Layer.provideMerge(uploads))
}

/** Image analyses: the API's side and the worker that runs the durable queue (server/ai). */
const analysisServices = () => Layer.mergeAll(Analyses.layer, AnalysisWorker).pipe(Layer.provideMerge(AnalysisJobs.layer))

/** Plans paid by bank transfer: the user's invoices, staff review, contact us, and the sweep that ends periods. */
const billingServices = () => {
  const core = Layer.mergeAll(Billing.layer, PaymentReview.layer, SalesContact.layer, BillingSweep.layer).pipe(
    Layer.provideMerge(StaffRoles.layer)
  )
  return BillingSweep.schedule.pipe(Layer.provideMerge(core))
}

/** Delivery of realtime events: the embedded server's hub, or an external Pusher-compatible service. */
const realtimeLayer = (config: Config, hub: Hub) => {
  const { external } = config.realtime
  return external ? Realtime.external({ ...config.realtime, external }) : Realtime.embedded(config.realtime, hub)
}

/** Watches the embedded hub for events that may end someone's access to a lab (access-revocation.ts). */
const accessRevocation = (hub: Hub) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const access = yield* LabAccess
      const watch = revokeLostAccess(hub, (userId, labId) => Effect.runPromise(access.canView(userId, labId)))
      yield* Effect.addFinalizer(() => Effect.sync(watch.stop))
    })
  )

/**
 * Access tokens whose ending reaches every process: `forget` (called once a transaction that raised a
 * user's token generation committed) tells the hub, and on each process the hub's watcher forgets the
 * cached generation and closes the user's realtime sockets (session-revocation.ts).
 */
const accessTokensLayer = (hub: Hub) =>
  Layer.effect(
    AccessTokens,
    Effect.gen(function* () {
      const tokens = yield* AccessTokens
      const stop = endSocketsWithSessions(hub, tokens.forget)
      yield* Effect.addFinalizer(() => Effect.sync(stop))
      return AccessTokens.of({ ...tokens, forget: (userId) => announceSessionsEnded(hub, userId) })
    })
  ).pipe(Layer.provide(AccessTokens.layer))

/** Every service of the application over the configured infrastructure. */
export const makeServices = (config: Config, hub: Hub, bus?: Bus) => {
  const settings = AppConfig.layer(config)
  const database = Database.layer(config)
  const infrastructure = Layer.mergeAll(
    settings,
    database,
    accessTokensLayer(hub).pipe(Layer.provide([settings, database])),
    // The same layer as BlobStore's and SlideFiles' (memoised by reference): one client, one pool.
    S3.layer.pipe(Layer.provide(settings)),
    bus ? Peers.cluster(bus) : Peers.alone
  )
  const realtime = realtimeLayer(config, hub)
  const publisher = EventPublisher.pipe(Layer.provideMerge(realtime))
  const labs = labServices().pipe(Layer.provideMerge(accountServices()))
  const services = Layer.mergeAll(slideServices(), billingServices(), analysisServices()).pipe(Layer.provideMerge(labs))
  // The embedded server ends subscriptions whose user lost access; an external service cannot.
  const revocation = config.realtime.external ? Layer.empty : accessRevocation(hub).pipe(Layer.provide(services))
  return Layer.mergeAll(services, publisher, revocation).pipe(Layer.provideMerge(infrastructure))
}

/** Every route; the services come from makeServices. */
export const makeRoutes = (config: Config) => {
  const apiRoutes = HttpApiBuilder.layer(Api, { openapiPath: "/v2/openapi.json" }).pipe(
    Layer.provide([AuthPublicLive, AuthAccountLive, RealtimeConfigLive, RealtimeAuthLive]),
    Layer.provide([
      LabsViewLive,
      LabsLive,
      FavoritesLive,
      MetadataLive,
      TrashLive,
      MembersLive,
      NotificationsLive,
      StorageLive,
      BillingLive,
      PaymentReviewLive,
      SlidesLive,
      AssociatedImagesLive
    ]),
    Layer.provide([AnnotationsViewLive, AnnotationsLive, LabelsLive, SlideViewersLive, ChatViewLive, ChatLive, NotesLive, AnalysisLive]),
    Layer.provide([CommentsViewLive, CommentsLive]),
    Layer.provide([ScanRequestsPublicLive, ScanRequestsLive]),
    Layer.provide([RequestErrorsLive, AuthorizationLive, OptionalAuthorizationLive, StaffOnlyLive])
  )
  const docs = HttpApiScalar.layer(Api, { path: "/v2/docs" })
  const rawRoutes = Layer.mergeAll(ActivationRoute, MediaRoutes, SlideMediaRoutes, OriginalMediaRoutes, DevOutboxRoutes)
  return Layer.mergeAll(
    apiRoutes,
    docs,
    rawRoutes,
    SpaRoutes(config),
    UploadLimitAnswers,
    StorageFailureAnswers,
    UnstorableTextAnswers,
    BodyLimits,
    SecurityHeaders(config),
    ServerErrorLog
  )
}
