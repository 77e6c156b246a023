// A separable Gaussian blur of one float channel, edges clamped: the smoothing QuPath applies before
// it thresholds nuclei (its "sigma", 1.5 µm by default), so stain speckle does not split a nucleus.

const kernelOf = (sigma: number): Float32Array => {
  const radius = Math.max(1, Math.ceil(sigma * 3))
  const kernel = new Float32Array(radius * 2 + 1)
  let sum = 0
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma))
    kernel[i + radius] = v
    sum += v
  }
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum
  return kernel
}

export const gaussianBlur = (src: Float32Array, width: number, height: number, sigma: number): Float32Array => {
  if (!(sigma > 0.3)) return src.slice()
  const kernel = kernelOf(sigma)
  const radius = (kernel.length - 1) / 2
  // Rows: the interior without clamping (the loop the time goes to), the edges clamped.
  const rows = new Float32Array(src.length)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      let acc = 0
      if (x >= radius && x < width - radius) {
        const from = row + x - radius
        for (let k = 0; k < kernel.length; k++) acc += src[from + k]! * kernel[k]!
      } else
        for (let k = -radius; k <= radius; k++) {
          const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k
          acc += src[row + xx]! * kernel[k + radius]!
        }
      rows[row + x] = acc
    }
  }
  // Columns, a whole row at a time: each tap adds a row in memory order.
  const out = new Float32Array(src.length)
  for (let y = 0; y < height; y++) {
    const to = y * width
    for (let k = -radius; k <= radius; k++) {
      const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k
      const from = yy * width
      const weight = kernel[k + radius]!
      for (let x = 0; x < width; x++) out[to + x]! += rows[from + x]! * weight
    }
  }
  return out
}
