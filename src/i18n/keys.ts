// Every translation key, derived from the English dictionary ("auth.login.title"), so a key that
// does not exist fails to compile at the call site. The Indonesian dictionary must have exactly the
// same keys: a missing or extra one fails its `typeof en` annotation.
import type { en } from "./en/index.ts"

/** The dotted paths to the text leaves of a dictionary. */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type TranslationKey = KeysOf<typeof en>

type PartOf<Key, Area extends string, Suffix extends string> = Key extends `${Area}.${infer Part}${Suffix}` ? Part : never

/**
 * The names under a dictionary area, for keys built from data: a field typed `KeyPart<"shell.nav">`
 * makes `t(\`shell.nav.${item.label}\`)` compile, and a label with no text fail to.
 */
export type KeyPart<Area extends string, Suffix extends string = ""> = PartOf<TranslationKey, Area, Suffix>
