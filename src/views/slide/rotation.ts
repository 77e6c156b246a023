// OpenSeadragon animates a rotation from the viewport's current angle to the one asked for, which it
// keeps as given (not modulo 360). Turning right from 270 to 0 must therefore ask for 360, not 0,
// or the slide would spin three quarters back. These pick the equivalent angle nearest the current.

/** An angle in [0, 360). */
export const normalizeDegrees = (degrees: number): number => ((degrees % 360) + 360) % 360

/** The angle equivalent to `target` (mod 360) that is nearest to `current`; a half turn goes forward. */
export const nearestRotation = (current: number, target: number): number => {
  const delta = normalizeDegrees(target - current)
  return current + (delta > 180 ? delta - 360 : delta)
}
