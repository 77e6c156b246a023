import { describe, expect, it } from "vitest"
import { lab } from "../../testing/labFixtures.ts"
import { firstReadySlide } from "./last-slide.ts"

describe("the slide a feature link opens", () => {
  it("is the newest ready slide, past folders and slides still processing or failed", () => {
    const labs = [
      lab("f1", "Biopsies"),
      lab("s0", "Uploading.svs", { is_dir: false, status: "processing" }),
      lab("s9", "Broken.svs", { is_dir: false, status: "failed" }),
      lab("s1", "Liver.svs", { is_dir: false, status: "ready" }),
      lab("s2", "Older.svs", { is_dir: false, status: "ready" })
    ]
    expect(firstReadySlide(labs)).toBe("s1")
  })

  it("is none when nothing opened is a ready slide", () => {
    expect(firstReadySlide([lab("f1", "Biopsies"), lab("s0", "Up.svs", { is_dir: false, status: "uploading" })])).toBeNull()
    expect(firstReadySlide([])).toBeNull()
  })
})
