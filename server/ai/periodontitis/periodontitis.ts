// Radiographic bone loss (RBL) on a dental radiograph (README.md), per tooth from three landmarks the
// user places: the cemento-enamel junction (CEJ), the alveolar crest and the root apex. Each is moved
// along the tooth's long axis (CEJ -> apex) onto the nearest strong edge of the right sign within
// `snapPx`: the CEJ where the bright enamel gives way to the root (a fall, going apically), the crest
// where the dark soft tissue gives way to bone (a rise), the apex where the root ends in bone (a fall).
// Without a crest, the crest is found: the first strong rise past the CEJ of the intensity beside the
// root, on the side of the CEJ -> apex line where such a rise is strongest (the interdental bone).
// RBL % = CEJ–crest / CEJ–apex (the crest measured along the axis), the 2017 AAP/EFP stage from it, and
// with the patient's age, the grade from % RBL per year.
import { type RgbTile, smoothedGray } from "../raster.ts"

export interface Point {
  readonly x: number
  readonly y: number
}

export interface ToothLandmarks {
  readonly cej: Point
  /** Absent: found along the CEJ -> apex line. */
  readonly crest: Point | null
  readonly apex: Point
}

export interface PeriodontitisParameters {
  /** Full-resolution image pixels. */
  readonly teeth: ReadonlyArray<ToothLandmarks>
  /** Years; with it, the grade. */
  readonly ageYears: number | null
  /** How far along the axis a landmark may move onto an edge, full-resolution pixels (0: not at all). */
  readonly snapPx: number
}

export const PERIODONTITIS_DEFAULTS = { ageYears: null, snapPx: 8 } as const

/** 1: stage I, 2: stage II, 3: stage III or IV (bone loss alone does not tell them apart: tooth loss and complexity do). */
export type Stage = 1 | 2 | 3
/** 1: grade A, 2: B, 3: C. */
export type Grade = 1 | 2 | 3

/** AAP/EFP 2017 (Tonetti et al. 2018): below 15 % stage I, to the coronal third II, beyond it III/IV. */
export const stageOf = (rblPct: number): Stage => (rblPct < 15 ? 1 : rblPct <= 100 / 3 ? 2 : 3)

/** AAP/EFP 2017: % bone loss / age below 0.25 grade A, 0.25 to 1.0 B, above 1.0 C. */
export const gradeOf = (rblPct: number, ageYears: number): Grade => {
  const rate = rblPct / ageYears
  return rate < 0.25 ? 1 : rate <= 1 ? 2 : 3
}

export interface ToothResult {
  /** Where each landmark ended up, in the tile's pixels (sub-pixel); crest null when none was found. */
  readonly cej: Point
  readonly crest: Point | null
  readonly apex: Point
  readonly crestSource: "given" | "found" | "none"
  /** Which landmarks moved onto an edge (a landmark with no strong edge near it stays where it was put). */
  readonly snapped: { readonly cej: boolean; readonly crest: boolean; readonly apex: boolean }
  /** CEJ–apex (the root's length) and CEJ–crest along it, pixels. */
  readonly rootPx: number
  readonly cejCrestPx: number | null
  readonly rblPct: number | null
  readonly stage: Stage | null
}

/** Half the span an edge's step is measured across, pixels: a root's tip fades over a few. */
const H = 2
/** Gray levels an edge must step by across 2H pixels to count (grain is a few; enamel to root, soft tissue to bone, root to bone 30 to 80). */
const MIN_EDGE = 10
/** The crest must lie this far past the CEJ and before the apex, pixels. */
const GAP = 2
/** Beside the axis, the band whose mean is the crest's profile: from 2 to 5 pixels off the line. */
const SIDE_BAND = [2, 3, 4, 5] as const
/** Along the axis, a narrow band astride it (a landmark sits on the root's outline). */
const AXIS_BAND = [-1, 0, 1] as const
/** Across the apex, the band whose brightest sample is the apex's profile: the root narrows to a pixel or two at its tip. */
const APEX_BAND = [-3, -2, -1, 0, 1, 2, 3] as const

/** Bilinear sample at pixel-centre coordinates (pixel (i, j) covers [i, i+1) and has its value at i + 0.5), clamped. */
const sampler = (gray: Float32Array, width: number, height: number) => (x: number, y: number) => {
  const fx = Math.max(0, Math.min(width - 1, x - 0.5))
  const fy = Math.max(0, Math.min(height - 1, y - 0.5))
  const x0 = Math.floor(fx)
  const y0 = Math.floor(fy)
  const x1 = Math.min(width - 1, x0 + 1)
  const y1 = Math.min(height - 1, y0 + 1)
  const ax = fx - x0
  const ay = fy - y0
  const top = gray[y0 * width + x0]! * (1 - ax) + gray[y0 * width + x1]! * ax
  const bottom = gray[y1 * width + x0]! * (1 - ax) + gray[y1 * width + x1]! * ax
  return top * (1 - ay) + bottom * ay
}

type Profile = (t: number) => number

/** The step of `profile` across t, from H pixels before it to H after. */
const slope = (profile: Profile, t: number) => profile(t + H) - profile(t - H)

/** The vertex of the parabola through the slope at t - 1, t, t + 1: the edge to a fraction of a pixel. */
const refined = (edge: (t: number) => number, t: number) => {
  const a = edge(t - 1)
  const b = edge(t)
  const c = edge(t + 1)
  const denominator = a - 2 * b + c
  return denominator < 0 ? t + Math.max(-0.5, Math.min(0.5, (a - c) / (2 * denominator))) : t
}

/**
 * Where along the axis, within `radius` of t0, the profile changes most in the direction `sign`
 * (+1 rise, -1 fall, going apically); t0 itself when no change there reaches MIN_EDGE.
 */
const snapAlong = (profile: Profile, t0: number, radius: number, sign: 1 | -1): { t: number; moved: boolean } => {
  if (radius <= 0) return { t: t0, moved: false }
  const edge = (t: number) => sign * slope(profile, t)
  let best = t0
  let top = Number.NEGATIVE_INFINITY
  for (let t = t0 - radius; t <= t0 + radius + 1e-9; t += 0.5) {
    const e = edge(t)
    if (e > top) {
      top = e
      best = t
    }
  }
  if (top < MIN_EDGE) return { t: t0, moved: false }
  return { t: refined(edge, best), moved: true }
}

/**
 * The crest along the axis between `from` and `to`: on each side of the line, the first rise past
 * `from` at least half the side's strongest rise (and MIN_EDGE), at its steepest; the side whose
 * strongest rise is greater (the bone beside the root, not the root itself) decides. Null: no rise.
 */
const findCrest = (beside: (side: 1 | -1) => Profile, from: number, to: number): number | null => {
  let found: { t: number; strength: number } | null = null
  for (const side of [1, -1] as const) {
    const profile = beside(side)
    const edge = (t: number) => slope(profile, t)
    let strongest = 0
    for (let t = from; t <= to; t++) strongest = Math.max(strongest, edge(t))
    if (strongest < MIN_EDGE || (found !== null && strongest <= found.strength)) continue
    const threshold = Math.max(MIN_EDGE, strongest / 2)
    let t = from
    while (t <= to && edge(t) < threshold) t++
    // The steepest point of that first rise.
    let peak = t
    while (t <= to && edge(t) >= threshold) {
      if (edge(t) > edge(peak)) peak = t
      t++
    }
    found = { t: refined(edge, peak), strength: strongest }
  }
  return found?.t ?? null
}

/** One tooth's landmarks snapped (and the crest found when not given), and its bone loss. */
export const measureTooth = (tile: RgbTile, tooth: ToothLandmarks, snapPx: number, gray = smoothedGray(tile)): ToothResult => {
  const at = sampler(gray, tile.width, tile.height)
  const length = Math.hypot(tooth.apex.x - tooth.cej.x, tooth.apex.y - tooth.cej.y)
  // The long axis as placed, and across it.
  const ux = (tooth.apex.x - tooth.cej.x) / length
  const uy = (tooth.apex.y - tooth.cej.y) / length
  const nx = -uy
  const ny = ux
  /** The mean of `band` offsets across the axis, at t along the axis from the point p. */
  const profileThrough =
    (p: Point, band: ReadonlyArray<number>): Profile =>
    (t) => {
      let sum = 0
      for (const s of band) sum += at(p.x + t * ux + s * nx, p.y + t * uy + s * ny)
      return sum / band.length
    }
  /** The brightest of `band` across the axis: the root as long as any of it is there. */
  const brightestThrough =
    (p: Point, band: ReadonlyArray<number>): Profile =>
    (t) => {
      let top = Number.NEGATIVE_INFINITY
      for (const s of band) top = Math.max(top, at(p.x + t * ux + s * nx, p.y + t * uy + s * ny))
      return top
    }
  const move = (p: Point, t: number): Point => ({ x: p.x + t * ux, y: p.y + t * uy })

  const cejSnap = snapAlong(profileThrough(tooth.cej, AXIS_BAND), 0, snapPx, -1)
  const apexSnap = snapAlong(brightestThrough(tooth.apex, APEX_BAND), 0, snapPx, -1)
  const cej = move(tooth.cej, cejSnap.t)
  const apex = move(tooth.apex, apexSnap.t)
  const root = Math.hypot(apex.x - cej.x, apex.y - cej.y)
  // Along the snapped axis from here on: the crest's level is its distance from the CEJ along it.
  const vx = (apex.x - cej.x) / root
  const vy = (apex.y - cej.y) / root
  const along = (p: Point) => (p.x - cej.x) * vx + (p.y - cej.y) * vy

  let crest: Point | null = null
  let crestSnapped = false
  if (tooth.crest !== null) {
    const snap = snapAlong(profileThrough(tooth.crest, AXIS_BAND), 0, snapPx, 1)
    crest = move(tooth.crest, snap.t)
    crestSnapped = snap.moved
  } else {
    const beside = (side: 1 | -1) =>
      profileThrough(
        cej,
        SIDE_BAND.map((s) => side * s)
      )
    const t = findCrest(beside, GAP, root - GAP)
    crest = t === null ? null : move(cej, t)
  }
  const cejCrest = crest === null ? null : Math.max(0, Math.min(root, along(crest)))
  const rblPct = cejCrest === null ? null : (100 * cejCrest) / root
  return {
    cej,
    crest,
    apex,
    crestSource: tooth.crest !== null ? "given" : crest === null ? "none" : "found",
    snapped: { cej: cejSnap.moved, crest: crestSnapped, apex: apexSnap.moved },
    rootPx: root,
    cejCrestPx: cejCrest,
    rblPct,
    stage: rblPct === null ? null : stageOf(rblPct)
  }
}

/** Every tooth of the radiograph `tile` (landmarks in its pixels, snapPx too). */
export const measureTeeth = (tile: RgbTile, teeth: ReadonlyArray<ToothLandmarks>, snapPx: number): Array<ToothResult> => {
  const gray = smoothedGray(tile)
  return teeth.map((tooth) => measureTooth(tile, tooth, snapPx, gray))
}

/** The whole mouth: the worst tooth's bone loss sets the stage and, with the age, the grade (AAP/EFP). */
export const periodontitisSummary = (rbl: ReadonlyArray<number | null>, ageYears: number | null) => {
  const measured = rbl.filter((v): v is number => v !== null)
  const worst = measured.length === 0 ? null : Math.max(...measured)
  return {
    worstRblPct: worst,
    meanRblPct: measured.length === 0 ? null : measured.reduce((s, v) => s + v, 0) / measured.length,
    stage: worst === null ? null : stageOf(worst),
    rate: worst === null || ageYears === null ? null : worst / ageYears,
    grade: worst === null || ageYears === null ? null : gradeOf(worst, ageYears)
  }
}
