// The receiving lab from the environment: defaults when unset, lines as an operator writes them,
// and a value that cannot be shown as written refused at start, naming its variable.
import { describe, expect, it } from "vitest"
import { defaultReceivingLab, RECEIVING_HOURS_MAX, receivingLabOf } from "../../server/domain/receiving-lab.ts"

describe("receivingLabOf", () => {
  it("is the default when nothing, or only blanks, is set", () => {
    expect(receivingLabOf({})).toEqual(defaultReceivingLab)
    expect(receivingLabOf({ SCAN_RECEIVING_ADDRESS: "  ", SCAN_RECEIVING_HOURS: "" })).toEqual(defaultReceivingLab)
  })

  it("breaks lines at a newline or a written \\n, trimming each and dropping blank ones", () => {
    const lab = receivingLabOf({ SCAN_RECEIVING_ADDRESS: " Lab A \\n\\n Jl. B 1\r\nKota C " })
    expect(lab.address).toBe("Lab A\nJl. B 1\nKota C")
  })

  it("serves configured English hours in both languages until Indonesian ones are set", () => {
    expect(receivingLabOf({ SCAN_RECEIVING_HOURS: "Mon to Fri" }).hours).toEqual({ en: "Mon to Fri", id: "Mon to Fri" })
    expect(receivingLabOf({ SCAN_RECEIVING_HOURS: "Mon to Fri", SCAN_RECEIVING_HOURS_ID: "Senin sampai Jumat" }).hours).toEqual({
      en: "Mon to Fri",
      id: "Senin sampai Jumat"
    })
    expect(receivingLabOf({ SCAN_RECEIVING_HOURS_ID: "Senin" }).hours).toEqual({ en: defaultReceivingLab.hours.en, id: "Senin" })
  })

  it("refuses control characters and overlong texts, naming the variable", () => {
    expect(() => receivingLabOf({ SCAN_RECEIVING_ADDRESS: "Lab\u0007A" })).toThrow(/^SCAN_RECEIVING_ADDRESS holds a control character/)
    expect(() => receivingLabOf({ SCAN_RECEIVING_HOURS: "x".repeat(RECEIVING_HOURS_MAX + 1) })).toThrow(
      /^SCAN_RECEIVING_HOURS is 201 characters long; at most 200/
    )
    expect(() => receivingLabOf({ SCAN_RECEIVING_HOURS_ID: "Senin\tJumat" })).toThrow(/^SCAN_RECEIVING_HOURS_ID/)
    expect(receivingLabOf({ SCAN_RECEIVING_HOURS: "x".repeat(RECEIVING_HOURS_MAX) }).hours.en).toHaveLength(RECEIVING_HOURS_MAX)
  })
})
