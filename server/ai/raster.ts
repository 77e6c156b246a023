// The pixels every analysis reads: one tile of the slide as interleaved 8-bit samples, as sharp's
// `raw()` output gives them (3 channels for RGB, 4 when an alpha channel is kept).
export interface RgbTile {
  readonly width: number
  readonly height: number
  /** 3 or 4; only the first three are read. */
  readonly channels: number
  readonly data: Uint8Array
}

/** A tile of `width` x `height` filled by `paint(x, y)` -> [r, g, b]: how the tests plant objects. */
export const paintTile = (width: number, height: number, paint: (x: number, y: number) => readonly [number, number, number]): RgbTile => {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y)
      const i = (y * width + x) * 3
      data[i] = r
      data[i + 1] = g
      data[i + 2] = b
    }
  return { width, height, channels: 3, data }
}

/**
 * The mean of the channels, smoothed by a 3 x 3 box (clipped at the edges) against grain and
 * speckle: the grey image the radiograph and ultrasound methods trace edges in.
 */
export const smoothedGray = (tile: RgbTile): Float32Array => {
  const { width, height, channels, data } = tile
  const gray = new Float32Array(width * height)
  for (let i = 0; i < width * height; i++) gray[i] = (data[i * channels]! + data[i * channels + 1]! + data[i * channels + 2]!) / 3
  const out = new Float32Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0
      let n = 0
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy
          const xx = x + dx
          if (yy < 0 || yy >= height || xx < 0 || xx >= width) continue
          sum += gray[yy * width + xx]!
          n++
        }
      out[y * width + x] = sum / n
    }
  return out
}
