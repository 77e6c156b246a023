// The labs workspace's part of the error catalogue (Catalogue.ts): what a failed action is called (the
// title: "Failed to rename the folder.", "there was an error while doing the search!") and what went
// wrong (the detail). Pure, like Catalogue.ts, whose rules it builds on.
//
// One deliberate difference from the generic rule ("anything but a 400 shows serverError"): a 403,
// 404 or 409 carries the server's own sentence ("Lab not found.", "You do not have permission to
// do this in this lab."), which tells the user more than "something happened on our server".
import type { AppFailure } from "../AppFailure.ts"
import { fromServerText, present } from "../Catalogue.ts"
import { type Notice, noticeKey } from "../Notice.ts"

export type LabActionKind =
  | "list"
  | "search"
  | "createFolder"
  | "rename"
  | "move"
  | "delete"
  | "favorite"
  | "restore"
  | "purge"
  | "emptyTrash"
  | "publish"
  | "metadata"
  | "info"
  | "folderTree"

export interface Failure {
  readonly title: Notice
  readonly detail: Notice
}

/** What the failure says, in the spec's words where the spec has them. */
export const detailOf = (error: AppFailure): Notice => {
  if ((error._tag === "Forbidden" || error._tag === "NotFound" || error._tag === "Conflict") && error.message !== "") {
    return fromServerText(error.message)
  }
  return present(error).notice
}

const titleKey = (kind: LabActionKind, isDir: boolean, count: number): string => {
  switch (kind) {
    case "search":
      return "errors.search"
    case "createFolder":
      return "errors.createFolder"
    case "rename":
      return isDir ? "errors.renameFolder" : "errors.renameFile"
    case "delete":
      return count > 1 ? "labs.errors.deleteMany" : isDir ? "errors.deleteFolder" : "errors.deleteFile"
    default:
      return `labs.errors.${kind}`
  }
}

export const failureOf = (
  kind: LabActionKind,
  error: AppFailure,
  about: { readonly isDir?: boolean; readonly count?: number } = {}
): Failure => ({
  title: noticeKey(titleKey(kind, about.isDir ?? true, about.count ?? 1)),
  detail: detailOf(error)
})
