// Whether a request's If-None-Match names the answer's ETag (RFC 9110: weak comparison, "*" matches
// any), so the media routes answer 304; shared by tiles from the disk and from a bucket.
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string | undefined): boolean =>
  ifNoneMatch !== undefined &&
  etag !== undefined &&
  ifNoneMatch.split(",").some((tag) => {
    const given = tag.trim()
    return given === "*" || given.replace(/^W\//, "") === etag.replace(/^W\//, "")
  })
