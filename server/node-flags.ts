// V8 flags the server runs with, given on the node command line (Node documents that setting V8
// flags after start may do nothing): `npm start` spells them out (package.json), `npm run dev` and
// the tests' and benches' server processes take them from here, and cluster workers inherit them.
//
// --no-allocation-site-pretenuring: under load V8 pretenured the sites that build answers (the
// encoded response, its JSON text), whose objects die with the request; from the old generation they
// kept young objects alive through every scavenge (measured on a folder listing at 3,000 requests a
// second: 3.4 MB promoted per scavenge and a full collection every few seconds, against 0.3 MB).
export const NODE_FLAGS = ["--no-allocation-site-pretenuring"] as const
