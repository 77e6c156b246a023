// A periapical radiograph of lower teeth drawn with known bone levels (tests of server/ai/periodontitis):
// dark soft tissue, each tooth a bright enamel crown down to its cemento-enamel junction (CEJ) and a
// less bright root tapering to its apex, and the alveolar bone (between bright and dark) from each
// tooth's crest down, around the roots. The bone level is set per tooth as a % of the root's length,
// so its radiographic bone loss is known. Each pixel is the mean of 4 x 4 samples (edges at fractions
// of a pixel), with film grain.
import { paintTile, type RgbTile } from "../../server/ai/raster.ts"

export interface PlantedTooth {
  /** The crown's and root's left edge at the CEJ, pixels. */
  readonly x0: number
  /** The bone loss planted: the crest lies this % of the CEJ–apex length below the CEJ. */
  readonly rblPct: number
}

export interface PlantedMouth {
  readonly width: number
  readonly height: number
  readonly teeth: ReadonlyArray<PlantedTooth>
  /** Microns per pixel. */
  readonly mpp: number
}

/** Every tooth the same size: a crown 60 px wide from y 60 to the CEJ at 130, the root to its apex at 430. */
export const TOOTH = { width: 60, crownTop: 60, cej: 130, apex: 430 } as const

const LEVELS = { air: 20, soft: 50, bone: 125, root: 185, enamel: 235 } as const

const grain = (x: number, y: number, amp: number) => ((((x * 2654435761) ^ (y * 40503)) >>> 0) % (2 * amp + 1)) - amp

/** Where the tooth's crest is: its row, from the planted bone loss. */
export const crestRow = (tooth: PlantedTooth) => TOOTH.cej + ((TOOTH.apex - TOOTH.cej) * tooth.rblPct) / 100

/** The landmarks as a careful user would place them: the CEJ and the crest on the root's left outline, the apex at its tip. */
export const landmarksOf = (tooth: PlantedTooth) => {
  const half = TOOTH.width / 2
  const onOutline = (y: number) => ({ x: tooth.x0 + (half * (y - TOOTH.cej)) / (TOOTH.apex - TOOTH.cej), y })
  return { cej: onOutline(TOOTH.cej), crest: onOutline(crestRow(tooth)), apex: { x: tooth.x0 + half, y: TOOTH.apex } }
}

const level = (mouth: PlantedMouth, x: number, y: number): number => {
  for (const tooth of mouth.teeth) {
    const { x0 } = tooth
    if (x >= x0 && x < x0 + TOOTH.width && y >= TOOTH.crownTop && y < TOOTH.cej) return LEVELS.enamel
    if (y >= TOOTH.cej && y < TOOTH.apex) {
      // The root tapers from the crown's width at the CEJ to a point at the apex.
      const inset = ((TOOTH.width / 2) * (y - TOOTH.cej)) / (TOOTH.apex - TOOTH.cej)
      if (x >= x0 + inset && x < x0 + TOOTH.width - inset) return LEVELS.root
    }
  }
  // The bone's top between teeth: the crest of the nearest tooth (by its centre).
  let nearest = mouth.teeth[0]!
  for (const tooth of mouth.teeth)
    if (Math.abs(x - tooth.x0 - TOOTH.width / 2) < Math.abs(x - nearest.x0 - TOOTH.width / 2)) nearest = tooth
  if (y >= crestRow(nearest)) return LEVELS.bone
  return y < TOOTH.crownTop - 20 ? LEVELS.air : LEVELS.soft
}

export const paintMouth = (mouth: PlantedMouth): RgbTile =>
  paintTile(mouth.width, mouth.height, (x, y) => {
    let sum = 0
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) sum += level(mouth, x + (i + 0.5) / 4, y + (j + 0.5) / 4)
    const v = Math.max(0, Math.min(255, Math.round(sum / 16 + grain(x, y, 8))))
    return [v, v, v]
  })

/** Three lower teeth with 10 %, 25 % and 50 % bone loss: stages I, II and III/IV. */
export const threeTeeth = (mpp = 40): PlantedMouth => ({
  width: 560,
  height: 500,
  mpp,
  teeth: [
    { x0: 80, rblPct: 10 },
    { x0: 250, rblPct: 25 },
    { x0: 420, rblPct: 50 }
  ]
})
