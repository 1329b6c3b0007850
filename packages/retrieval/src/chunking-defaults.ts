/** The token budget passages are cut to by default, with the overlap between neighbours (cl100k_base tokens). */
export const DEFAULT_CHUNKING = { maxTokens: 350, overlapTokens: 50 } as const;
