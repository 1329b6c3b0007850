import { Banner, Spinner } from '../../../../ui';
import { useTenantLlmProviders } from '../../hooks/use-admin-queries';
import { LlmProviderCard } from './LlmProviderCard';
import './llm-providers.css';

/**
 * Account Administration, 'LLM providers': the account's own credentials for each provider its
 * LLMs can use. The account's own win over what the installation gives every account.
 */
export function LlmProvidersTab() {
  const providers = useTenantLlmProviders();
  if (providers.isPending) {
    return (
      <div className="admin-loading">
        <Spinner label="Loading LLM providers" />
      </div>
    );
  }
  if (providers.isError) return <Banner tone="error">The LLM providers could not be loaded.</Banner>;
  return (
    <div className="admin-section admin-section--cards">
      <p className="admin-muted">
        Keys are checked with the provider when you save them, stored encrypted and never shown again. This
        account's own credentials are used instead of the ones this installation gives every account.
      </p>
      {providers.data.map((provider) => (
        <LlmProviderCard key={provider.provider} provider={provider} />
      ))}
    </div>
  );
}
