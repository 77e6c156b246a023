// Which database the server runs on. A module of its own so that the migrations, which are given the
// engine, need not import the runner that lists them.
export type Engine = "sqlite" | "postgres"
