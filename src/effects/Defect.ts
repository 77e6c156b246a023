// What a program's failure becomes when it is not one of its typed errors: a throw nobody expected
// (a bug, a module that would not load). Kept apart from the typed failures so that a machine can
// tell "the server said no" from "something broke", and free of Effect so the first page's machines
// can name it without loading Effect.

export class Defect {
  readonly _tag = "Defect"
  readonly cause: unknown
  constructor(cause: unknown) {
    this.cause = cause
  }
}

/** How a program with typed errors `E` can end without an answer, as its machine sees it. */
export type Failure<E> = E | Defect
