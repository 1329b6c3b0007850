import { z } from 'zod';
import { LLM_PROVIDER_IDS, type LlmProviderName } from './llm-model';

/**
 * The tenant's own LLM provider credentials (Account Administration, 'LLM providers') and the
 * create dialog's provider step (GET /api/llm/providers). Which fields each provider has is
 * declared once in @parley/llm and sent with every view, so the forms are drawn from the answer.
 */

export const llmProviderIdSchema = z.enum(LLM_PROVIDER_IDS);

/** Longest credential value accepted (keys, session tokens and URLs are far shorter). */
export const LLM_CREDENTIAL_MAX_LENGTH = 4000;

/**
 * PUT /api/tenant/llm-providers/{provider}: the provider's fields by name. A secret left out (or
 * sent empty) keeps the stored one, so a base URL can change without typing the key again.
 */
export const llmProviderCredentialsBodySchema = z
  .object({
    fields: z.record(z.string().min(1).max(100), z.string().max(LLM_CREDENTIAL_MAX_LENGTH)),
  })
  .strict();
export type LlmProviderCredentialsBody = z.infer<typeof llmProviderCredentialsBodySchema>;

export interface LlmProviderFieldView {
  name: string;
  label: string;
  /** Secrets are never read back: the view says only whether one is set and its last characters. */
  secret: boolean;
  required: boolean;
}

/** One stored field: plain values as they are; secrets as set with a hint ('…1234'). */
export type LlmProviderStoredField = { name: string; set: boolean; value?: string; hint?: string };

/** GET /api/tenant/llm-providers: one entry per provider. */
export interface TenantLlmProviderView {
  provider: LlmProviderName;
  label: string;
  fields: LlmProviderFieldView[];
  /** The tenant's own credentials, or null when it has none for this provider. */
  own: { fields: LlmProviderStoredField[]; updatedAt: string } | null;
  /** Whether the installation gives this provider to every tenant (the operator's environment). */
  fromEnvironment: boolean;
}

/** GET /api/llm/providers: the create dialog's provider step and the Settings tab's model lists. */
export interface LlmProviderReadiness {
  provider: LlmProviderName;
  label: string;
  /** Credentials exist (the tenant's own, else the installation's). */
  ready: boolean;
  source: 'tenant' | 'environment' | null;
  /** The provider's own list when it has one and answered; else the declared enumeration. */
  models: string[];
  embeddingModels: string[];
  modelsFromProvider: boolean;
  /** Why the provider's own list is not shown (it refused or could not be reached), for the designer. */
  notice?: string;
}

export const LLM_PROVIDER_MESSAGES = {
  saved: (label: string) => `${label} is set up for this account.`,
  removed: (label: string) => `${label} credentials were removed from this account.`,
  unknownProvider: 'There is no such LLM provider.',
} as const;
