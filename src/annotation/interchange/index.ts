// Converting a slide's annotations to and from the files other tools read: QuPath GeoJSON and W3C
// Web Annotation collections. Pure, for the browser (import and export run there) and the tests.
export {
  type AnnotationRecord,
  type LabelInfo,
  unpackRgb
} from "./common.ts"
export {
  fromQuPath,
  qupathClasses,
  readQuPath,
  toQuPath
} from "./qupath.ts"
export { fromW3C, toW3C, w3cTagNames } from "./w3c.ts"
