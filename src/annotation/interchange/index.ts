// Converting a slide's annotations to and from the files other tools read: QuPath GeoJSON and W3C
// Web Annotation collections. Pure, for the browser (import and export run there) and the tests.
export {
  type AnnotationRecord,
  hexToRgb,
  type ImportNote,
  type Imported,
  type LabelInfo,
  type Rgb,
  rgbToHex,
  UNCATEGORIZED,
  unpackRgb
} from "./common.ts"
export {
  fromQuPath,
  type GeoJsonGeometry,
  measurementsOf,
  type QuPathCollection,
  type QuPathFeature,
  type QuPathShape,
  qupathClasses,
  readQuPath,
  toQuPath
} from "./qupath.ts"
export { ANNO_CONTEXT, type AnnotationCollection, type AnnotationPage, fromW3C, toW3C } from "./w3c.ts"
