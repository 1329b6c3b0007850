import type { LlmProviderId } from './providers.ts';

/** Known context windows by model id prefix (longest prefix first wins), from the providers' model pages. */
const WINDOWS: readonly (readonly [RegExp, number])[] = [
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-4o/, 128_000],
  [/^gpt-4-turbo/, 128_000],
  [/^gpt-4-32k/, 32_768],
  [/^gpt-4(?!\.)/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
  [/^gpt-5/, 400_000],
  [/^o[134](-|$)/, 200_000],
  [/claude/, 200_000],
  [/^gemini-1\.5-pro/, 2_097_152],
  [/^gemini/, 1_048_576],
  [/^amazon\.nova-(pro|lite)/, 300_000],
  [/^amazon\.nova-micro/, 128_000],
  [/llama3-[0-9]+b|llama3-1|llama3-2|llama3-3/, 128_000],
  [/^mistral\.mistral-large/, 32_000],
];

/**
 * The model's context window in tokens. A model Parley does not know (an Azure deployment's own name,
 * a local server's model) gets 8,192: the Prompt tab then warns early rather than the provider
 * cutting late.
 */
export function contextWindowOf(_provider: LlmProviderId, model: string): number {
  const id = model.toLowerCase().replace(/^(us|eu|apac|global)\./, '');
  for (const [pattern, window] of WINDOWS) if (pattern.test(id)) return window;
  return UNKNOWN_MODEL_CONTEXT_WINDOW;
}

export const UNKNOWN_MODEL_CONTEXT_WINDOW = 8_192;
