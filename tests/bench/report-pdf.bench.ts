// A report's PDF with a snapshot (issue 23: "a report PDF with a snapshot generated in under 2 s,
// beside the time of the invoice PDF in the same run"): a 12,000 x 8,000 px slide built into a real
// Deep Zoom pyramid, a 6,000 x 4,000 px region with 2,000 annotations on it, read at the level nearest
// 1,600 px, drawn, and written into the report; beside it the invoice PDF, timed the same way.
// Run: npm run bench (not part of CI).
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { invoicePdf } from "../../server/pdf/billing-pdf.ts"
import { regionSnapshot, type SnapshotShape } from "../../server/pdf/region-snapshot.ts"
import { reportPdf } from "../../server/pdf/report-pdf.ts"
import { summarize } from "./stats.ts"

const [WIDTH, HEIGHT] = [12_000, 8_000]
const REGION = { x: 3_000, y: 2_000, width: 6_000, height: 4_000 }
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const TARGET_MS = 2000

const ring = (cx: number, cy: number, r: number) => {
  const coords = new Float64Array(64)
  for (let i = 0; i < 32; i++) {
    coords[i * 2] = cx + r * Math.cos((i / 32) * Math.PI * 2)
    coords[i * 2 + 1] = cy + r * Math.sin((i / 32) * Math.PI * 2)
  }
  return coords
}

export const benchReportPdf = async (): Promise<boolean> => {
  const dir = await mkdtemp(join(tmpdir(), "report-pdf-bench-"))
  try {
    const source = join(dir, "slide.png")
    const blobs = Array.from(
      { length: 400 },
      (_, i) => `<circle cx="${(i * 7919) % WIDTH}" cy="${(i * 104_729) % HEIGHT}" r="${60 + (i % 90)}" fill="#6b3fa0"/>`
    )
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#f2d3e3"/>${blobs.join("")}</svg>`
      ),
      {
        limitInputPixels: false
      }
    )
      .png()
      .toFile(source)
    await buildPyramid(source, join(dir, "pyramid"), "slide")
    const dzi = join(dir, "pyramid", "slide.dzi")
    const shapes: SnapshotShape[] = Array.from({ length: 2000 }, (_, i) => ({
      kind: "polygon",
      coords: ring(REGION.x + ((i * 131) % REGION.width), REGION.y + ((i * 97) % REGION.height), 40),
      color: i % 2 === 0 ? "#e53935" : "#1e88e5",
      locked: false
    }))
    const report = async () => {
      const snapshot = await regionSnapshot(dzi, { width: WIDTH, height: HEIGHT }, REGION, shapes)
      return reportPdf(
        {
          labName: "RS Harapan Pathology",
          slideName: "HE-0412.svs",
          thumbnail: null,
          title: "Core biopsy",
          comment: "Correlate with imaging.",
          fields: { diagnosis: "Invasive carcinoma, grade 2.", region: REGION },
          mpp: 0.25,
          author: "Dr. Sari Wibowo",
          editor: null,
          createdAt: "2026-11-28T10:00:00.000Z",
          updatedAt: "2026-11-28T10:00:00.000Z",
          snapshot
        },
        "en"
      )
    }
    const invoice = () =>
      invoicePdf(
        {
          number: "INV/2026/11/0001",
          status: "unpaid",
          customer: { name: "Dr. Sari Wibowo", email: "sari@example.org" },
          plan: { name: "Basic", periodDays: 30 },
          price: 150_000,
          uniqueCode: 541,
          amount: 150_541,
          bank: { bankName: "BCA", accountNumber: "1234567890", accountHolder: "PT Preparat" },
          createdAt: "2026-11-28T10:00:00.000Z",
          dueAt: "2026-11-29T10:00:00.000Z",
          paidAt: null,
          period: null,
          seller: "PT Preparat"
        },
        "en"
      )
    const timed = async (work: () => Promise<unknown>) => {
      const samples: number[] = []
      await work() // warm-up
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now()
        await work()
        samples.push(performance.now() - started)
      }
      return summarize(samples)
    }
    const invoiceTimes = await timed(invoice)
    const reportTimes = await timed(report)
    const met = reportTimes.p50 < TARGET_MS
    console.log(`invoice PDF:                    p50 ${invoiceTimes.p50.toFixed(0)} ms, max ${invoiceTimes.max.toFixed(0)} ms`)
    console.log(
      `report PDF with a ${REGION.width}x${REGION.height} px snapshot and 2,000 shapes: p50 ${reportTimes.p50.toFixed(0)} ms, max ${reportTimes.max.toFixed(0)} ms (x${(reportTimes.p50 / invoiceTimes.p50).toFixed(1)} the invoice), target < ${TARGET_MS} ms: ${met ? "MET" : "MISSED"}`
    )
    return met
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) process.exitCode = (await benchReportPdf()) ? 0 : 1
