export { type Chunk, type ChunkOptions, chunkSections, DEFAULT_CHUNKING } from './chunk-sections';
export { DOCUMENT_EXTENSIONS, DOCUMENT_KINDS, type DocumentKind, documentKindOf } from './document-kinds';
export { DocumentRefusal } from './document-refusal';
export {
  DEFAULT_EXTRACTION_LIMITS,
  type DocumentInput,
  type ExtractionLimits,
  extractDocument,
} from './extract-document';
export { parseCsv } from './extractors/csv';
export { type ExtractedWebPage, extractWebPage } from './extractors/web-page';
export * from './ranking';
export type { DocumentSection, ExtractedDocument } from './sections';
export { countTokens } from './tokens';
