export const publicPages = {}
