import { engineById } from './engines';

/**
 * The NLU Status tab without zod (the browser loads it): answers, messages and the catalogue
 * rule for a provider named in a path (spec 04 sections 2.3, 3.10, 4 'NLU provider', 7.2).
 */

/** GET /api/bots/{bot}/nlu-status/{provider}: the provider's resource and NLU for the bot. */
export interface NluStatusView {
  provider: string;
  hasResource: boolean;
  hasNlu: boolean;
  /** Both exist: the bot can be published to the provider. */
  isConfigured: boolean;
}

/**
 * GET /api/bots/{bot}/nlu-providers ('NLU primary and configured providers', path not shown in
 * the spec): the bot's intent recognizer and every provider configured for it.
 */
export interface NluProvidersView {
  /** `intentRecognizerProvider`; null for a bot without a recognizer. */
  primary: string | null;
  /** Providers whose resource and NLU both exist, in catalogue order. */
  configured: string[];
}

export const NLU_STATUS_MESSAGES = {
  tabTitle: 'NLU Status',
  publish: 'Publish NLU model',
  configure: 'Configure',
  remove: 'Remove',
  // Not in the spec: the progress of Configure and the answers (docs/decisions.md, NLU Status).
  checking: 'Checking the status...',
  creatingResource: 'Creating the resource...',
  creatingNlu: 'Creating the NLU...',
  configured: (label: string) => `${label} is configured.`,
  removed: (label: string) => `${label} was removed.`,
  removing: 'Removing...',
  removeOnlyTitle: 'Remove the only configured NLU provider?',
  removeOnlyText: (label: string) =>
    `${label} is the only configured NLU provider of this bot. Without it, only the Welcome intent will stay active.`,
  never: 'Never',
  unknownProvider: (id: string) => `There is no NLU provider named '${id.slice(0, 50)}'.`,
  notConfigurable: (label: string) => `${label} cannot be configured.`,
  notYet: (label: string) => `${label} cannot be configured yet.`,
  resourceFirst: (label: string) => `The resource of ${label} must be created before its NLU.`,
} as const;

/**
 * What is wrong with a provider named in a path, by the catalogue alone: unknown, or an engine
 * Parley cannot configure (e.g. Nuance, spec 01 section 5) or no longer offers (retired).
 * Whether Parley has built the provider yet is the server's registry's answer.
 */
export function nluProviderCatalogueProblem(id: string): string | undefined {
  const engine = engineById(id);
  if (!engine?.roles.includes('intentRecognizer')) return NLU_STATUS_MESSAGES.unknownProvider(id);
  if (!engine.isConfigurable || engine.isRetired) return NLU_STATUS_MESSAGES.notConfigurable(engine.label);
  return undefined;
}

export const nluProviderLabel = (id: string): string => engineById(id)?.label ?? id;
