// Accessibility checks for the end-to-end tests: axe-core in the page as it is (a page, an open dialog,
// a panel), failing on any serious or critical violation, so every screen a test visits is held to
// WCAG 2.2 AA the day it lands. Every rule axe knows runs, its experimental ones too
// (label-content-name-mismatch: a visible label that differs from the accessible name breaks voice
// control), and "region" fails as well: content outside every landmark is lost to people who move
// from landmark to landmark.
import { AxeBuilder } from "@axe-core/playwright"
import type { Result } from "axe-core"
import type { Page } from "playwright-core"
import { settled, snap } from "./browser.ts"

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"]

/** Rules that fail whatever axe calls their impact. */
const ALWAYS_FAIL = new Set(["region"])

const failing = (violation: Result) => violation.impact === "serious" || violation.impact === "critical" || ALWAYS_FAIL.has(violation.id)

const describe = (violation: Result) =>
  [
    `${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.slice(0, 6).map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replaceAll("\n", "\n      ")}`)
  ].join("\n")

/** The violations axe finds on the page now, all of them (for a report). */
export const axeViolations = async (page: Page): Promise<Result[]> => {
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze()
  return results.violations
}

/**
 * Runs axe on the page as it is and throws, naming each rule, node and fix, when a serious or
 * critical violation (or a region one) is there. `name` says which screen it was; a failure leaves a
 * screenshot under that name.
 */
export const expectAccessible = async (page: Page, name: string): Promise<void> => {
  // Audit the page as it is once loaded and still: a half-faded text has a contrast it never keeps.
  await settled(page)
  const violations = (await axeViolations(page)).filter(failing)
  if (violations.length === 0) return
  await snap(page, `a11y-${name}`).catch(() => undefined)
  throw new Error(`Accessibility violations on ${name} (${page.url()}):\n${violations.map(describe).join("\n")}`)
}
