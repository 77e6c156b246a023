// Counts in words: a numeric `count` picks the key's `_one` form by the language's plural rule and is
// shown with the language's separators; a key without forms keeps its one text.
import { beforeAll, describe, expect, it } from "vitest"
import { prepareWorkspaceWords, translatorFor } from "./index.ts"

beforeAll(async () => {
  await prepareWorkspaceWords("en")
  await prepareWorkspaceWords("id")
})

describe("plural forms", () => {
  it("English says one point, two points, and 1,234 annotations", () => {
    const t = translatorFor("en")
    expect(t("viewer.annotationPanel.points", { count: 1 })).toBe("1 point")
    expect(t("viewer.annotationPanel.points", { count: 2 })).toBe("2 points")
    expect(t("viewer.annotationPanel.points", { count: 0 })).toBe("0 points")
    expect(t("viewer.annotations.count", { count: 1 })).toBe("1 annotation")
    expect(t("viewer.annotations.count", { count: 1234 })).toBe("1,234 annotations")
    expect(t("viewer.annotationPanel.labelDeleted", { count: 1 })).toBe("Label deleted with 1 annotation.")
  })
  it("Indonesian does not inflect, and groups thousands with a dot", () => {
    const t = translatorFor("id")
    expect(t("viewer.annotationPanel.points", { count: 1 })).toBe("1 titik")
    expect(t("viewer.annotations.count", { count: 1234 })).toBe("1.234 anotasi")
  })
  it("a count given as text is used as it is", () => {
    expect(translatorFor("en")("viewer.annotationPanel.points", { count: "3" })).toBe("3 points")
  })
})
