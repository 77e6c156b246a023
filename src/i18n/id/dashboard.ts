import type { dashboard as en } from "../en/dashboard.ts"

export const dashboard: typeof en = {}
