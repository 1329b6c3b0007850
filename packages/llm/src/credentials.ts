import { LLM_PROVIDER_IDS, LLM_PROVIDERS, type LlmProviderId } from './providers.ts';

/** A provider and the values of its declared credential fields (LLM_PROVIDERS[provider].fields). */
export type ProviderCredentials = {
  readonly provider: LlmProviderId;
  readonly fields: Readonly<Record<string, string>>;
};

export type CredentialProblem = { field: string; message: string };

/** The required fields missing and the fields the provider does not have, named for a form. */
export function credentialProblems(
  provider: LlmProviderId,
  fields: Readonly<Record<string, unknown>>,
): CredentialProblem[] {
  const declared = LLM_PROVIDERS[provider].fields;
  const problems: CredentialProblem[] = [];
  for (const field of declared) {
    const value = fields[field.name];
    if (value !== undefined && typeof value !== 'string')
      problems.push({ field: field.name, message: `${field.label} must be text` });
    else if (field.required && (value === undefined || value.trim() === ''))
      problems.push({ field: field.name, message: `${field.label} is required` });
    else if (
      field.name === 'baseUrl' &&
      typeof value === 'string' &&
      value.trim() !== '' &&
      !isHttpUrl(value.trim())
    )
      problems.push({ field: field.name, message: `${field.label} must be an http or https address` });
  }
  for (const name of Object.keys(fields)) {
    if (!declared.some((field) => field.name === name))
      problems.push({ field: name, message: `${LLM_PROVIDERS[provider].label} has no field ${name}` });
  }
  return problems;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The installation's providers, from each SDK's own environment variables: a provider is given when
 * every required field's variable is set (OPENAI_API_KEY, with OPENAI_BASE_URL when set; ...).
 */
export function credentialsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Partial<Record<LlmProviderId, ProviderCredentials>> {
  const found: Partial<Record<LlmProviderId, ProviderCredentials>> = {};
  for (const provider of LLM_PROVIDER_IDS) {
    const declared: readonly { name: string; required: boolean; env?: string }[] =
      LLM_PROVIDERS[provider].fields;
    if (declared.some((field) => field.required && !field.env)) continue;
    const fields: Record<string, string> = {};
    let complete = true;
    for (const field of declared) {
      const value = field.env ? env[field.env]?.trim() : undefined;
      if (value) fields[field.name] = value;
      else if (field.required) complete = false;
    }
    if (complete) found[provider] = { provider, fields };
  }
  return found;
}

/** A short hint of a secret for "which are set" lists: the last four characters, never more than a quarter of it. */
export function secretHint(value: string): string {
  const shown = Math.min(4, Math.floor(value.length / 4));
  return shown > 0 ? `…${value.slice(-shown)}` : '…';
}
