import type { NluPrediction, NluTrainingData } from '../types';

/**
 * What Parley asks of a language-understanding engine (spec 02 sections 4 and 7, spec 04
 * section 7.2). The embedded engine is the first provider; the cloud engines (CLU, Watson,
 * Dialogflow, Lex, Wit, Nuance) implement the same interface in a later issue and are added
 * to the server's registry (apps/server/src/services/nlu/engine/nlu-providers.ts). It lives in this package so
 * the runtime and the cloud engines adapt to one interface without depending on the server.
 *
 * A provider holds, per bot, a *resource* (the account-side container, e.g. a cloud
 * resource or project) and an *NLU* (the app/model the bot's data is synced into). The
 * embedded engine needs neither outside Parley, so its resource and NLU are rows.
 */
export interface NluProvider {
  /** The engine id of the engines catalogue (`@parley/contracts` ENGINES). */
  id: string;
  /** Language codes the provider understands (taken from the engines catalogue). */
  languages: readonly string[];
  /**
   * 'all-at-once': one call sends everything (the embedded engine). 'progressive': entities
   * and intents are synced one by one, then trained (cloud engines).
   */
  syncMode: 'all-at-once' | 'progressive';

  status(bot: NluBotRef): Promise<NluProviderStatus>;
  createResource(bot: NluBotRef): Promise<void>;
  createNlu(bot: NluBotRef): Promise<void>;
  /** Removes the NLU and resource of the bot at the provider, with its models. */
  remove(bot: NluBotRef): Promise<void>;

  /**
   * Trains a draft model from the bot's data and reports progress (0-100). The promise ends
   * when the draft can answer `predict(bot, 'draft', ...)`.
   */
  train(bot: NluBotRef, data: NluTrainingData, onProgress: (percent: number) => void): Promise<void>;
  /** Makes the draft the published model (what the runtime answers with). */
  publish(bot: NluBotRef): Promise<void>;
  predict(bot: NluBotRef, model: NluModelKind, text: string): Promise<NluPrediction>;

  /**
   * Measuring (NLU Performance, automate): trains a throwaway model on `data` and answers
   * `texts` with it, touching neither the draft nor the published model.
   */
  measure(data: NluTrainingData, texts: readonly string[]): Promise<NluPrediction[]>;
}

/**
 * The providers a running server can publish to and measure with, by engine id: the server
 * builds one per app (apps/server/src/services/nlu/engine/nlu-providers.ts) and keeps it on its
 * app context, which may import no service, so the type lives here.
 */
export interface NluProviderRegistry {
  get(id: string): NluProvider | undefined;
  all(): readonly NluProvider[];
}

export type NluModelKind = 'draft' | 'published';

/** Which bot a provider works for. */
export interface NluBotRef {
  tenantId: string;
  botId: string;
  language: string;
}

/** Spec 04 section 3.10: a provider's state for one bot. */
export interface NluProviderStatus {
  hasResource: boolean;
  hasNlu: boolean;
}

/** A provider refused or failed; `message` is shown on the step (spec 02 section 8 'sync_error'). */
export class NluProviderError extends Error {}

/** The bot has no model of that kind yet (never trained, or never published). */
export class NluModelMissing extends NluProviderError {
  constructor(readonly kind: NluModelKind) {
    super(
      kind === 'published'
        ? 'This bot has no published NLU model yet.'
        : 'This bot has no trained NLU model yet.',
    );
  }
}
