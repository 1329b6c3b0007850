export { chunkSections } from './chunk-sections';
export * from './core';
export {
  DEFAULT_EXTRACTION_LIMITS,
  type DocumentInput,
  type ExtractionLimits,
  extractDocument,
} from './extract-document';
export { type ExtractedWebPage, extractWebPage } from './extractors/web-page';
export { countTokens } from './tokens';
