// Where the session's tokens are kept between page loads (TokenStore.ts reads and writes them), and
// a peek at whether any are there that needs no Effect: the session machine asks it on every first
// page, before Effect is loaded, so a visitor without a session never loads it to learn that.
export const TOKENS_KEY = "preparat.tokens"

/** Whether this browser holds something under the tokens' key (TokenStore decides if it is usable). */
export const mayHoldTokens = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(TOKENS_KEY) != null
  } catch {
    // Storage refused (a locked-down browser): TokenStore will say there is no session either.
    return false
  }
}
