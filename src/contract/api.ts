// The whole /v2 API, declared once; the server implements it and serves its OpenAPI document.
import { HttpApi, OpenApi } from "effect/http-api"
import { Analysis } from "./analysis.ts"
import { Annotations, AnnotationsView, Labels, SlideViewers } from "./annotations.ts"
import { AuthAccount, AuthPublic } from "./auth.ts"
import { Chat, ChatView } from "./chat.ts"
import { Comments, CommentsView } from "./comments.ts"
import { Notes } from "./notes.ts"
import { Favorites } from "./favorites.ts"
import { Labs, LabsView } from "./labs.ts"
import { Metadata } from "./metadata.ts"
import { Trash } from "./trash.ts"
import { Members } from "./members.ts"
import { Notifications } from "./notifications.ts"
import { Billing, PaymentReview } from "./billing.ts"
import { RealtimeAuthGroup, RealtimeConfigGroup } from "./realtime.ts"
import { RequestErrors } from "./request-errors.ts"
import { ScanRequests, ScanRequestsPublic } from "./scan-requests.ts"
import { Slides } from "./slides.ts"
import { AssociatedImagesGroup } from "./associated-images.ts"
import { Storage } from "./storage.ts"

export class Api extends HttpApi.make("preparat")
  .add(AuthPublic)
  .add(AuthAccount)
  .add(RealtimeConfigGroup)
  .add(RealtimeAuthGroup)
  .add(LabsView, Labs, Favorites, Metadata, Trash)
  .add(Members)
  .add(Notifications)
  .add(Storage)
  .add(Billing, PaymentReview)
  .add(Slides, AssociatedImagesGroup)
  .add(ScanRequestsPublic, ScanRequests)
  .add(AnnotationsView, Annotations, Labels, SlideViewers)
  .add(ChatView, Chat)
  .add(CommentsView, Comments)
  .add(Notes)
  .add(Analysis)
  .middleware(RequestErrors)
  // Report every invalid field at once, as a form needs, not only the first.
  .annotate(HttpApi.PayloadParseOptions, { errors: "all" })
  .annotate(HttpApi.QueryParseOptions, { errors: "all" })
  .annotateMerge(OpenApi.annotations({ title: "Preparat API", version: "2.0.0" })) {}
