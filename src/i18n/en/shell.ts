export const shell = {}
