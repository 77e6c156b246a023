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
