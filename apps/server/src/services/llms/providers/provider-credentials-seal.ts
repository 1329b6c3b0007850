import type { AppContext } from '../../../context';
import { createSecretSeal } from '../../functions/function-secret-seal';

/** LLM provider secrets have their own key, derived from the server's secret (purpose-bound). */
const sealsBySecret = new Map<string, ReturnType<typeof createSecretSeal>>();

export function providerSecretSeal(ctx: AppContext): ReturnType<typeof createSecretSeal> {
  let seal = sealsBySecret.get(ctx.config.jwtSecret);
  if (!seal) {
    seal = createSecretSeal(ctx.config.jwtSecret, 'llm-provider-credentials');
    sealsBySecret.set(ctx.config.jwtSecret, seal);
  }
  return seal;
}
