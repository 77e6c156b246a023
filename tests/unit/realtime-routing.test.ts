// Which channels hear which committed event, and how stored rows decode.
import { describe, expect, it } from "vitest"
import { type DomainEvent, decodeLogged, type EventKind, type LoggedEvent } from "../../server/domain/events.ts"
import { routeEvent } from "../../server/domain/realtime-routing.ts"

type PayloadOf<K extends EventKind> = Extract<DomainEvent, { kind: K }>["payload"]

const client = { ip: "127.0.0.1", user_agent: "test" }

/** One payload of every kind; a kind added to the union without one here does not compile. */
const samples: { readonly [K in EventKind]: PayloadOf<K> } = {
  "auth.registered": { ...client, locale: "en" },
  "auth.activated": {},
  "auth.activation_resent": { ...client, locale: "id" },
  "auth.sign_in_failed": { ...client, reason: "password" },
  "auth.signed_in": { ...client, second_factor: "otp" },
  "auth.refresh_token_reused": { session: "s" },
  "auth.signed_out": client,
  "auth.password_changed": client,
  "auth.password_reset_requested": { ...client, locale: "en" },
  "auth.password_reset": client,
  "auth.mfa_setup_started": {},
  "auth.mfa_enabled": {},
  "auth.mfa_disabled": {},
  "auth.mfa_reset_requested": { ...client, locale: "en" },
  "auth.mfa_reset": client,
  "profile.updated": { fields: ["name"] },
  "favorite.added": { lab_id: "L" },
  "favorite.removed": { lab_id: "L" },
  "lab.created": { name: "n", is_dir: true, parent_id: "P", owner_id: "O" },
  "lab.moved": { from_parent_id: "P1", parent_id: "P2" },
  "lab.renamed": { from: "a", name: "b", parent_id: "P" },
  "lab.trashed": { parent_id: "P", owner_id: "O", count: 2 },
  "lab.restored": { parent_id: "P", name: "n" },
  "lab.purged": { name: "n", bytes: 10, parent_id: null },
  "lab.published": { is_public: true, parent_id: "P" },
  "lab.metadata_changed": { names: ["stain"], change: "put", parent_id: "P" },
  "lab.upload_removed": { name: "n", reason: "abandoned", parent_id: "P" },
  "lab.tagged": { tags: ["stain-he"], tissue_percent: 40, parent_id: "P" },
  "upload.status": { status: "processing", thumbnail: null, thumbnail_url: null, parent_id: "F" },
  "member.removed": { member_id: "m", email: "b@x", left: false, parent_id: "P", recipients: ["B"] },
  "member.role_changed": { member_id: "m", from: "reviewer", to: "admin", parent_id: "P", recipients: ["B"] },
  "member.invited": {
    member_id: "m",
    email: "b@x",
    role: "reviewer",
    pending: false,
    parent_id: null,
    notification_id: "n",
    recipients: ["B"]
  },
  "member.joined": { member_id: "m", user_id: "B", role: "admin", parent_id: "P", notification_id: "n", recipients: ["B"] },
  "lab.ownership_transferred": {
    from: "A",
    to: "B",
    from_parent_id: "P1",
    parent_id: null,
    count: 1,
    notification_id: "n",
    recipients: ["B", "A"]
  },
  "ownership.offered": { offer_id: "o", from: "A", to: "B", notification_id: "n", recipients: ["B"] },
  "ownership.offer_closed": { offer_id: "o", from: "A", to: "B", outcome: "declined", recipients: ["A"] },
  "annotation.created": { user_email: "a@x", count: 2, annotations: [], created_at: "2026-01-01T00:00:00.000Z" },
  "annotation.updated": {
    user_email: "a@x",
    annotation: { id: "N", version: 2, visible: true, label_id: "T", color: "#FFFF00", data: null }
  },
  "annotation.deleted": { user_email: "a@x", id: "N", label_id: "T" },
  "annotation.bulk_changed": {
    user_email: "a@x",
    action: "updated",
    count: 2,
    ids: ["N", "M"],
    change: { label_id: "T", color: "#FF0000" }
  },
  "chat.message_sent": {
    message: {
      id: "c1",
      lab_id: "S",
      message: "look at the margin",
      created_at: "2026-01-01T00:00:00.000Z",
      sender: { id: "A", name: "Ana", username: null, avatar: null },
      user_email: "a@x",
      mentions: []
    },
    notifications: [{ user_id: "B", notification_id: "n" }]
  },
  "comment.replied": {
    reply: {
      id: "r1",
      annotation_id: "N",
      lab_id: "S",
      message: "agreed",
      created_at: "2026-01-01T00:00:00.000Z",
      edited_at: null,
      author: { id: "A", name: "Ana", username: null, avatar: null },
      user_email: "a@x",
      mentions: ["B"]
    },
    notifications: [{ user_id: "B", notification_id: "n" }]
  },
  "comment.reply_edited": {
    reply: {
      id: "r1",
      annotation_id: "N",
      lab_id: "S",
      message: "agreed, see the margin",
      created_at: "2026-01-01T00:00:00.000Z",
      edited_at: "2026-01-01T00:01:00.000Z",
      author: { id: "A", name: "Ana", username: null, avatar: null },
      user_email: "a@x",
      mentions: []
    }
  },
  "comment.reply_deleted": { annotation_id: "N", reply_id: "r1" },
  "comment.thread_resolved": {
    annotation_id: "N",
    resolved: true,
    resolved_by: { id: "A", name: "Ana", username: null, avatar: null },
    resolved_at: "2026-01-01T00:02:00.000Z"
  },
  "label.changed": {
    user_email: "a@x",
    action: "deleted",
    label: {
      id: "T",
      lab_id: "L",
      name: "Tumor",
      color: "#FF0000",
      label_type: "annotation",
      visible: true,
      created_at: "2026-11-22T00:00:00.000Z",
      updated_at: "2026-11-22T00:00:00.000Z"
    },
    annotations_deleted: 3
  },
  "scan_request.submitted": { request_id: "R", reference: "SR-ABCD1234", preparations: 3, return_slides: true },
  "scan_request.state_changed": {
    request_id: "R",
    reference: "SR-ABCD1234",
    from: "scanning",
    to: "uploaded",
    folder_name: "Scans May",
    requester_id: "U"
  },
  "payment.invoice_issued": { invoice_id: "I", number: "INV-2026-ABC123", plan_id: "basic", amount: 150_123 },
  "payment.plan_changed": { invoice_id: "I", from_plan: "basic", plan_id: "pro", amount: 750_123 },
  "payment.cancelled": { invoice_id: "I", by: "user" },
  "payment.proof_uploaded": { invoice_id: "I", proof_id: "P", content_type: "image/png", size: 2048 },
  "payment.accepted": {
    invoice_id: "I",
    plan_id: "basic",
    starts_at: "2026-11-22T00:00:00.000Z",
    ends_at: "2026-12-22T00:00:00.000Z",
    by: "operator",
    notification_id: "n",
    recipients: ["U"]
  },
  "payment.rejected": { invoice_id: "I", reason: "The amount differs", by: "staff", notification_id: "n", recipients: ["U"] },
  "subscription.expired": { invoice_id: "I", plan_id: "basic", ended_at: "2026-12-22T00:00:00.000Z", recipients: ["U"] },
  "staff.granted": { user_id: "U", email: "u@x" },
  "staff.revoked": { user_id: "U", email: "u@x" },
  "analysis.changed": {
    job_id: "J",
    requester_id: "R",
    analysis: "ki67",
    state: "done",
    percent: 100,
    detections: 3,
    summary: { nuclei: 3, ki67_index: 33.33 },
    error: null,
    notification_id: "n",
    recipients: ["U"]
  }
}

const row = (kind: string, payload: unknown, lab_id: string | null = "L") => ({
  id: "e1",
  kind,
  actor_id: "A",
  lab_id,
  payload: JSON.stringify(payload),
  created_at: "2026-11-22T00:00:00.000Z"
})

const logged = <K extends EventKind>(kind: K, payload: PayloadOf<K>, lab_id: string | null = "L"): LoggedEvent => {
  const event = decodeLogged(row(kind, payload, lab_id))
  if (!event) throw new Error(`${kind} did not decode`)
  return event
}

const channels = (e: LoggedEvent) => routeEvent(e).map((m) => `${m.channel} ${m.event}`)

describe("domain events as stored", () => {
  it("decodes every kind from its stored row, payload intact", () => {
    for (const [kind, payload] of Object.entries(samples)) {
      expect(decodeLogged(row(kind, payload))).toEqual({
        kind,
        payload,
        id: "e1",
        actor_id: "A",
        lab_id: "L",
        created_at: "2026-11-22T00:00:00.000Z"
      })
    }
  })

  it("passes over rows of an unknown kind, a wrong payload or broken JSON", () => {
    expect(decodeLogged(row("chat.exploded", {}))).toBeUndefined()
    expect(decodeLogged(row("lab.renamed", { from: "a", parent_id: "P" }))).toBeUndefined()
    expect(decodeLogged(row("upload.status", { ...samples["upload.status"], status: "exploded" }))).toBeUndefined()
    expect(decodeLogged({ ...row("auth.activated", {}), payload: "{not json" })).toBeUndefined()
  })

  it("reads rows written before recipients were dropped from lab events", () => {
    expect(decodeLogged(row("lab.renamed", { ...samples["lab.renamed"], recipients: [] }))?.payload).toEqual(samples["lab.renamed"])
  })
})

describe("realtime routing", () => {
  it("tells a lab, its new parent and its old parent about a move", () => {
    expect(channels(logged("lab.moved", { parent_id: "P2", from_parent_id: "P1" }))).toEqual([
      "private-mylab_L lab_changed_L",
      "private-mylab_P2 lab_changed_P2",
      "private-mylab_P1 lab_changed_P1"
    ])
  })

  it("sends an invitation to the invitee's notification channel and the lab's", () => {
    expect(channels(logged("member.invited", samples["member.invited"]))).toEqual([
      "private-notif_chat_B invite_B",
      "private-mylab_L lab_changed_L"
    ])
  })

  it("sends an ownership transfer to each recipient's ownership channel, and the folder the lab left", () => {
    const messages = routeEvent(logged("lab.ownership_transferred", samples["lab.ownership_transferred"]))
    expect(messages.map((m) => `${m.channel} ${m.event}`)).toEqual([
      "private-ownership_changes_B ownership_changes_B",
      "private-ownership_changes_A ownership_changes_A",
      "private-mylab_L lab_changed_L",
      "private-mylab_P1 lab_changed_P1"
    ])
    expect(messages[0]?.data).toEqual({
      kind: "lab.ownership_transferred",
      lab_id: "L",
      actor_id: "A",
      notification_id: "n",
      at: "2026-11-22T00:00:00.000Z"
    })
  })

  it("tells only the people an ownership offer concerns, on their own channels", () => {
    const offered = routeEvent(logged("ownership.offered", samples["ownership.offered"]))
    expect(offered.map((m) => `${m.channel} ${m.event}`)).toEqual(["private-ownership_changes_B ownership_changes_B"])
    expect(offered[0]?.data).toMatchObject({ kind: "ownership.offered", lab_id: "L", notification_id: "n" })
    const closed = routeEvent(logged("ownership.offer_closed", samples["ownership.offer_closed"]))
    expect(closed.map((m) => `${m.channel} ${m.event}`)).toEqual(["private-ownership_changes_A ownership_changes_A"])
  })

  it("sends upload status with its payload to the lab's channel", () => {
    const [status] = routeEvent(
      logged("upload.status", { status: "ready", thumbnail: "/t.jpg", thumbnail_url: "/t312.jpg", parent_id: null })
    )
    expect(status).toEqual({
      channel: "private-mylab_L",
      event: "status_upload_L",
      data: { lab_id: "L", status: "ready", thumbnail: "/t.jpg", thumbnail_url: "/t312.jpg" }
    })
  })

  it("sends a ready slide's auto tags with its status", () => {
    const auto_tags = { tags: ["stain-ttc"], tissue_percent: 52 }
    const [status] = routeEvent(
      logged("upload.status", { status: "ready", thumbnail: null, thumbnail_url: null, parent_id: null, auto_tags })
    )
    expect(status?.data).toEqual({ lab_id: "L", status: "ready", thumbnail: null, thumbnail_url: null, auto_tags })
  })

  it("also sends a file's upload status to its folder's channel, and tells both lists", () => {
    expect(channels(logged("upload.status", samples["upload.status"]))).toEqual([
      "private-mylab_L status_upload_L",
      "private-mylab_F status_upload_L",
      "private-mylab_L lab_changed_L",
      "private-mylab_F lab_changed_F"
    ])
  })

  it("keeps account events, scan requests and lab-less events off every channel", () => {
    for (const kind of Object.keys(samples).filter((k) => /^(auth|profile|favorite|scan_request)\./.test(k)) as EventKind[]) {
      expect(channels(logged(kind, samples[kind]))).toEqual([])
    }
    expect(channels(logged("lab.renamed", samples["lab.renamed"], null))).toEqual([])
  })

  it("tells the invoice's owner of a staff decision and of a period's end on the notification channel", () => {
    for (const kind of ["payment.accepted", "payment.rejected", "subscription.expired"] as const) {
      expect(channels(logged(kind, samples[kind], null)), kind).toEqual(["private-notif_chat_U payment_U"])
    }
    expect(routeEvent(logged("payment.rejected", samples["payment.rejected"], null))[0]?.data).toMatchObject({
      kind: "payment.rejected",
      notification_id: "n",
      lab_id: null
    })
  })

  it("sends an analysis job's changes to the slide as ai_annotation, and its end to the requester", () => {
    expect(channels(logged("analysis.changed", samples["analysis.changed"]))).toEqual([
      "private-mylab_L ai_annotation_L",
      "private-notif_chat_U ai_analysis_U"
    ])
    expect(routeEvent(logged("analysis.changed", samples["analysis.changed"]))[0]?.data).toMatchObject({
      job_id: "J",
      state: "done",
      done: true,
      user_id: "R"
    })
    const progress = { ...samples["analysis.changed"], state: "running" as const, percent: 40, notification_id: null }
    expect(channels(logged("analysis.changed", progress))).toEqual(["private-mylab_L ai_annotation_L"])
    expect(routeEvent(logged("analysis.changed", progress))[0]?.data).toMatchObject({ done: false, percent: 40 })
  })

  it("keeps the user's own invoice changes and staff grants off every channel", () => {
    for (const kind of [
      "payment.invoice_issued",
      "payment.plan_changed",
      "payment.cancelled",
      "payment.proof_uploaded",
      "staff.granted",
      "staff.revoked"
    ] as const) {
      expect(channels(logged(kind, samples[kind], null)), kind).toEqual([])
    }
  })

  it("sends every lab and member event to the lab's channel and its parent's", () => {
    for (const kind of Object.keys(samples).filter((k) => /^(lab|member)\./.test(k)) as EventKind[]) {
      const heard = channels(logged(kind, samples[kind]))
      expect(heard, kind).toContain("private-mylab_L lab_changed_L")
      const parent = (samples[kind] as { parent_id?: string | null }).parent_id
      if (parent) expect(heard, kind).toContain(`private-mylab_${parent} lab_changed_${parent}`)
    }
  })
})

describe("chat routing", () => {
  const sent = decodeLogged(row("chat.message_sent", samples["chat.message_sent"], "S"))!
  it("sends a message to the slide's channel and a notice to each notified member's own", () => {
    const messages = routeEvent(sent)
    expect(messages.map((m) => [m.channel, m.event])).toEqual([
      ["private-mylab_S", "chat_S"],
      ["private-notif_chat_B", "notif_chat_B"]
    ])
    expect(messages[0]!.data).toMatchObject({ user_email: "a@x", message: "look at the margin" })
    expect(messages[1]!.data).toMatchObject({ notification_id: "n", lab_id: "S" })
  })
  it("leaves the sender's email out on a public slide", () => {
    expect(routeEvent(sent, new Set(["S"]))[0]!.data).toMatchObject({ user_email: "" })
  })
})

describe("comment thread routing", () => {
  const replied = decodeLogged(row("comment.replied", samples["comment.replied"], "S"))!
  it("sends a reply to the slide's channel and a notice to each notified member's own", () => {
    const messages = routeEvent(replied)
    expect(messages.map((m) => [m.channel, m.event])).toEqual([
      ["private-mylab_S", "comment_S"],
      ["private-notif_chat_B", "notif_chat_B"]
    ])
    expect(messages[0]!.data).toMatchObject({ action: "replied", annotation_id: "N", reply: { message: "agreed", user_email: "a@x" } })
    expect(messages[1]!.data).toMatchObject({ kind: "comment.replied", notification_id: "n", lab_id: "S" })
  })
  it("leaves the author's email out on a public slide", () => {
    expect(routeEvent(replied, new Set(["S"]))[0]!.data).toMatchObject({ reply: { user_email: "" } })
  })
  it("sends edits, deletions and resolutions to the slide's channel only", () => {
    for (const kind of ["comment.reply_edited", "comment.reply_deleted", "comment.thread_resolved"] as const) {
      const messages = routeEvent(decodeLogged(row(kind, samples[kind], "S"))!)
      expect(
        messages.map((m) => [m.channel, m.event]),
        kind
      ).toEqual([["private-mylab_S", "comment_S"]])
    }
    const resolved = routeEvent(decodeLogged(row("comment.thread_resolved", samples["comment.thread_resolved"], "S"))!)
    expect(resolved[0]!.data).toMatchObject({ action: "resolved", resolution: { resolved: true, resolved_by: { id: "A" } } })
  })
})
