/**
 * Everything but the extractors and the tokenizer, for the server's main thread: the extractors
 * (pdf.js, mammoth, linkedom) load only in the untrusted-input worker.
 */

export type { Chunk, ChunkOptions } from './chunk-sections';
export { DEFAULT_CHUNKING } from './chunking-defaults';
export { DOCUMENT_EXTENSIONS, DOCUMENT_KINDS, type DocumentKind, documentKindOf } from './document-kinds';
export { DocumentRefusal } from './document-refusal';
export { parseCsv } from './extractors/csv';
export { MAX_QUERY_TERMS, queryTerms } from './query-terms';
export { type FusedItem, RRF_K, reciprocalRankFusion } from './rank-fusion';
export {
  hitAtK,
  type Judged,
  ndcgAtK,
  type RetrievalScores,
  reciprocalRank,
  scoreRetrieval,
} from './retrieval-metrics';
export { parseRobots, type RobotsRules } from './robots-rules';
export type { DocumentSection, ExtractedDocument } from './sections';
export { sqliteVectorExtensionPath } from './vector-extension';
