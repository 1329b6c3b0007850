import { LLM_MESSAGES, languageCodeLabel, languageName } from '@parley/contracts';
import { type ComponentType, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { PageLoader } from '../../../../app/PageLoader';
import { ArrowLeftIcon, Button, cx, DownloadIcon, popup, Tabs } from '../../../../ui';
import { useLlmFiles } from '../../hooks/use-llm-files';
import { useLlm } from '../../hooks/use-llms';
import { useProviders } from '../../hooks/use-providers';
import { LlmAccessGate } from '../LlmAccessGate';
import { DataTab } from './DataTab';
import { EvaluateTab } from './EvaluateTab';
import { GuardrailsTab } from './GuardrailsTab';
import { InstructionsTab } from './InstructionsTab';
import { isLlmTabId, LLM_TABS, type LlmTabId, type LlmTabProps } from './llm-tabs';
import { PromptTab } from './PromptTab';
import { RagTab } from './RagTab';
import { SettingsTab } from './SettingsTab';
import { StatisticsTab } from './StatisticsTab';
import { TestTab } from './TestTab';
import '../llms.css';

/** The tabs' bodies. */
const TAB_PANELS: Partial<Record<LlmTabId, ComponentType<LlmTabProps>>> = {
  settings: SettingsTab,
  prompt: PromptTab,
  instructions: InstructionsTab,
  data: DataTab,
  rag: RagTab,
  guardrails: GuardrailsTab,
  test: TestTab,
  evaluate: EvaluateTab,
  statistics: StatisticsTab,
};

/**
 * /llms/{llmid} (spec 04 section 2.5): the way back to all LLMs and the nine tabs (the open one is
 * in the address's `tab`). A refusal to load the LLM leads back to the list with 'You do not have
 * permission'; any other failure goes to the global handler, then back to the list.
 */
export function LlmPage() {
  return (
    <LlmAccessGate>
      <LlmDetail />
    </LlmAccessGate>
  );
}

function LlmDetail() {
  const { llmid = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const llm = useLlm(llmid);
  const providers = useProviders();
  const files = useLlmFiles();
  const asked = search.get('tab');
  const tab: LlmTabId = isLlmTabId(asked) && TAB_PANELS[asked] ? asked : 'settings';

  useEffect(() => {
    if (!llm.error) return;
    if (isApiError(llm.error) && llm.error.is('permission_error'))
      void popup.warning({ title: LLM_MESSAGES.noPermission });
    else handleApiError(llm.error);
    navigate('/llms', { replace: true });
  }, [llm.error, navigate]);

  if (!llm.data) return <PageLoader label="Loading the LLM" />;
  const status = llm.data.isComplete ? 'Trained' : 'Not trained';

  return (
    <div className="llm-page">
      <header className="llm-page__header">
        <Link to="/llms" className="llm-page__back">
          <ArrowLeftIcon /> To all LLMs
        </Link>
        <div className="llm-page__title-row">
          <span
            className={cx(
              'llm-card__dot',
              llm.data.isComplete ? 'llm-card__dot--trained' : 'llm-card__dot--untrained',
            )}
            role="img"
            aria-label={status}
            title={status}
          />
          <h1 className="llm-page__title">{llm.data.llmDisplayName}</h1>
          <span className="llm-page__label">{providers.label(llm.data.llmProvider)}</span>
          <span className="llm-page__label">{llm.data.model ?? 'Default model'}</span>
          <span className="llm-page__label" title={languageName(llm.data.language)}>
            {languageCodeLabel(llm.data.language)}
          </span>
          {files.canExport && (
            <Button
              variant="secondary"
              size="sm"
              className="llm-page__export"
              icon={<DownloadIcon />}
              isLoading={files.exportingIds.has(llm.data.llmId)}
              onClick={() => llm.data && void files.exportLlm(llm.data)}
            >
              Export LLM
            </Button>
          )}
        </div>
      </header>
      <Tabs
        label={`${llm.data.llmDisplayName} sections`}
        tabs={LLM_TABS.map((t) => ({ id: t.id, label: t.label, isDisabled: !TAB_PANELS[t.id] }))}
        selectedId={tab}
        onSelect={(id) => setSearch(id === 'settings' ? {} : { tab: id }, { replace: true })}
      >
        {/* Every tab stays mounted, hidden when not selected: edits not saved yet and the test's
            running list survive a switch of tabs. Keyed by LLM: a draft starts from its LLM. */}
        {LLM_TABS.map(({ id }) => {
          const Panel = TAB_PANELS[id];
          return (
            Panel && (
              <div key={`${llm.data.llmId}-${id}`} hidden={id !== tab}>
                <Panel llm={llm.data} />
              </div>
            )
          );
        })}
      </Tabs>
    </div>
  );
}
