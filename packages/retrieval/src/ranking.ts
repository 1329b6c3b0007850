/** What a search ranks with, apart from extraction (which the server loads only in its input worker). */
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
export { sqliteVectorExtensionPath } from './vector-extension';
