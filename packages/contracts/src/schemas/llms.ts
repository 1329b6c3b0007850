import { z } from 'zod';

/**
 * One LLM of the tenant as GET /api/llm lists it (spec 03 section 2.6, spec 04 section 7.3): what
 * an LLM block picks from. `model` null is shown as 'Default model'; `isComplete` is trained.
 */
export const llmSummarySchema = z.object({
  llmId: z.string(),
  llmDisplayName: z.string(),
  description: z.string(),
  llmProvider: z.string(),
  model: z.string().nullable(),
  isComplete: z.boolean(),
});
export type LlmSummary = z.infer<typeof llmSummarySchema>;

/** GET /api/llm answers the tenant's LLMs, by display name. */
export const llmListSchema = z.array(llmSummarySchema);
