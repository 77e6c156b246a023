// What `npm start` and `npm run dev` add to the environment: the development outbox while mail has
// nowhere else to go (no SMTP_URL), unless DEV_ROUTES is set either way.
export const devEnvironment = (env: NodeJS.ProcessEnv): Record<string, string> =>
  !env.SMTP_URL && env.DEV_ROUTES === undefined ? { DEV_ROUTES: "1" } : {}
