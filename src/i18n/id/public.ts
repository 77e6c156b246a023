import type { publicPages as en } from "../en/public.ts"

export const publicPages: typeof en = {}
