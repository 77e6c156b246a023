import { describe, expect, it } from "vitest"
import { invitationOutcome } from "../../server/domain/invitation-rules.ts"

describe("invitations never lower a role", () => {
  it("leaves someone with the invited role or a higher one as they are, here or inherited", () => {
    expect(invitationOutcome({ role: "admin", onThisLab: true }, "reviewer")).toBe("unchanged")
    expect(invitationOutcome({ role: "admin", onThisLab: false }, "reviewer")).toBe("unchanged")
    expect(invitationOutcome({ role: "reviewer", onThisLab: true }, "reviewer")).toBe("unchanged")
    expect(invitationOutcome({ role: "owner", onThisLab: false }, "admin")).toBe("unchanged")
  })

  it("raises a lower role held on this lab", () => {
    expect(invitationOutcome({ role: "reviewer", onThisLab: true }, "admin")).toBe("raised")
  })

  it("adds a membership on this lab over a lower inherited one, and for a newcomer", () => {
    expect(invitationOutcome({ role: "reviewer", onThisLab: false }, "admin")).toBe("added")
    expect(invitationOutcome(undefined, "reviewer")).toBe("added")
  })
})
