// A transfer receipt is stored as a copy holding only its picture or its pages, never as the bytes
// sent: a file that is an image or a PDF by its first bytes and something else besides (bytes
// appended, metadata, a script, an embedded file) is kept without the rest, and one that does not
// decode, or whose pages reach a script, is refused. Staff download what was kept.
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { download, issueInvoice, makeStaff, PNG, sendProof } from "./support/billing-api.ts"

let server: StartedServer
let staff: SignedIn
beforeAll(async () => {
  server = await startServer()
  staff = await createSignedIn(server, { name: "Sari Staff" })
  await makeStaff(server, staff)
})
afterAll(() => server.stop())

const PAYLOAD = "<html><script>alert(document.cookie)</script></html>"
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1")

/** Sends the receipt for a new invoice; answers the reply and the invoice. */
const send = async (bytes: Uint8Array, filename: string) => {
  const user = await createSignedIn(server)
  const invoice = await issueInvoice(server, user)
  return { reply: await sendProof(server, user.access, invoice.id, bytes, filename), invoice, user }
}

/** Sends the receipt, expects it taken, and answers what staff download. */
const kept = async (bytes: Uint8Array, filename: string) => {
  const { reply, invoice } = await send(bytes, filename)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const stored = await download(server, `/v2/staff/payments/${invoice.id}/proof/`, staff.access)
  expect(stored.status).toBe(200)
  expect(reply.body.data.proof.size).toBe(stored.bytes.length)
  return stored
}

const refused = async (bytes: Uint8Array, filename: string) => {
  const { reply, invoice, user } = await send(bytes, filename)
  expect(reply.status, JSON.stringify(reply.body)).toBe(400)
  expect(reply.body).toMatchObject({ code: "unsupported_format" })
  expect((await api(server).get(`/v2/pricing/payments/${invoice.id}/`, { token: user.access })).body.data.status).toBe("unpaid")
}

/** A one-page PDF; `arm` adds to it before it is saved. */
const pdf = async (arm: (doc: PDFDocument) => void | Promise<void> = () => {}) => {
  const doc = await PDFDocument.create()
  const page = doc.addPage([300, 200])
  page.drawText("Transfer Rp 150.000", { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) })
  await arm(doc)
  return doc.save({ useObjectStreams: false })
}

const jsAction = (doc: PDFDocument) => doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") })

describe("an image receipt", () => {
  it("keeps only the pixels of a PNG with a page appended and a text chunk", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0ffee" } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: PAYLOAD } } })
      .toBuffer()
    const stored = await kept(Buffer.concat([png, Buffer.from(PAYLOAD)]), "transfer.png")
    expect(stored.headers.get("content-type")).toBe("image/png")
    expect(text(stored.bytes)).not.toContain("<script>")
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: "png", width: 40, height: 30 })
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined()
  })

  it("keeps only the pixels of a JPEG followed by a zip", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer()
    const zipLike = Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.from(PAYLOAD)])
    const stored = await kept(Buffer.concat([jpeg, zipLike]), "transfer.jpg")
    expect(stored.headers.get("content-type")).toBe("image/jpeg")
    expect(text(stored.bytes)).not.toContain("PK\u0003\u0004")
    expect(text(stored.bytes)).not.toContain("<script>")
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 })
  })

  it("refuses an image header followed by what is not an image", async () => {
    await refused(Buffer.concat([PNG.subarray(0, 16), Buffer.from(PAYLOAD)]), "transfer.png")
  })
})

describe("a PDF receipt", () => {
  it("keeps only the pages: no open action, page or annotation action, embedded file or appended bytes", async () => {
    const armed = await pdf(async (doc) => {
      doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(jsAction(doc)))
      doc.addJavaScript("run", "app.launchURL('https://evil.example/')")
      await doc.attach(Buffer.from(PAYLOAD), "payload.html", { mimeType: "text/html" })
      const page = doc.getPage(0)
      page.node.set(PDFName.of("AA"), doc.context.obj({ O: doc.context.register(jsAction(doc)) }))
      const link = doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [0, 0, 300, 200],
        A: doc.context.obj({ S: "Launch", F: PDFString.of("calc.exe") })
      })
      page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]))
    })
    const sent = Buffer.concat([armed, Buffer.from(PAYLOAD)])
    for (const marker of ["/JavaScript", "/OpenAction", "/EmbeddedFile", "/Launch", "<script>"]) expect(text(sent)).toContain(marker)
    const stored = await kept(sent, "bank.pdf")
    expect(stored.headers.get("content-type")).toBe("application/pdf")
    // Every object in plain sight (none packed in a compressed object stream), so the markers' absence means something.
    expect(text(stored.bytes)).not.toContain("/ObjStm")
    for (const marker of ["/JavaScript", "/JS", "/OpenAction", "/AA", "/EmbeddedFile", "/Launch", "/Annots", "<script>"])
      expect(text(stored.bytes), marker).not.toContain(marker)
    const copy = await PDFDocument.load(stored.bytes)
    expect(copy.getPageCount()).toBe(1)
    expect(copy.getPage(0).getSize()).toEqual({ width: 300, height: 200 })
  })

  it("refuses a PDF whose page itself reaches a script", async () => {
    await refused(
      await pdf((doc) => {
        doc.getPage(0).node.set(PDFName.of("Extra"), doc.context.register(jsAction(doc)))
      }),
      "bank.pdf"
    )
  })

  it("refuses a PDF form with XFA on its page", async () => {
    await refused(
      await pdf((doc) => {
        doc.getPage(0).node.set(PDFName.of("Form"), doc.context.obj({ XFA: PDFString.of("<xdp/>") }))
      }),
      "bank.pdf"
    )
  })

  it("refuses what only starts like a PDF", async () => {
    await refused(Buffer.from(`%PDF-1.7\n${PAYLOAD}`), "bank.pdf")
  })
})
