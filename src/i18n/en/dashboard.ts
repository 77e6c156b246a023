export const dashboard = {}
