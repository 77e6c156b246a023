// The ownership offer mail: in the receiver's language, the sender and the lab named in the body,
// never in the subject; sizes in the language's way.
import { describe, expect, it } from "vitest"
import { byteSize } from "../../server/domain/byte-size.ts"
import { offerLink, ownershipOfferMail } from "../../server/mail/ownership-offer.ts"

const hostile = { sender: "Mallory <Urgent: reset your password>", lab: 'Invoice "paid"', size: "4.9 GB", isDir: true, link: "https://x/l" }

describe("the ownership offer mail", () => {
  it("keeps user-chosen names out of the subject in both languages, and escapes them in the HTML", () => {
    for (const locale of ["en", "id"] as const) {
      const mail = ownershipOfferMail(locale, hostile)
      expect(mail.subject).not.toContain("Mallory")
      expect(mail.subject).not.toContain("Invoice")
      expect(mail.text).toContain('"Invoice "paid""')
      expect(mail.html).toContain("Mallory &lt;Urgent: reset your password&gt;")
      expect(mail.html).not.toContain("<Urgent")
    }
    expect(ownershipOfferMail("en", hostile).subject).toBe("A lab is offered to you on Preparat")
    expect(ownershipOfferMail("id", hostile).subject).toBe("Sebuah lab ditawarkan kepada Anda di Preparat")
    expect(ownershipOfferMail("id", { ...hostile, isDir: false }).text).toContain("berkas")
  })

  it("links to the lab in the receiver's language, a file to its viewer", () => {
    expect(offerLink("https://p.example", "en", { id: "L1", isDir: true })).toBe("https://p.example/dashboard/labs/L1")
    expect(offerLink("https://p.example", "id", { id: "L1", isDir: false })).toBe("https://p.example/id/dashboard/labs/L1/annotations")
  })

  it("words sizes with one decimal, base 1024, in the language's way", () => {
    expect(byteSize(2.1 * 1024 ** 3)).toBe("2.1 GB")
    expect(byteSize(2.1 * 1024 ** 3, "id")).toBe("2,1 GB")
    expect(byteSize(1536)).toBe("1.5 KB")
    expect(byteSize(512)).toBe("512 B")
    expect(byteSize(0)).toBe("0 B")
  })
})
