import type { LlmSummary } from '@parley/contracts';
import { useState } from 'react';
import { Button, EmptyState, PageHeader, PlusIcon, SparklesIcon } from '../../../ui';
import type { BotCardAction } from '../../bots';
import { useDeleteLlm } from '../hooks/use-delete-llm';
import { useLlms } from '../hooks/use-llms';
import { useProviders } from '../hooks/use-providers';
import { useTrainLlm } from '../hooks/use-train-llm';
import { CreateLlmDialog } from './create/CreateLlmDialog';
import { ListTestDialog } from './ListTestDialog';
import { LlmAccessGate } from './LlmAccessGate';
import { LlmCard } from './LlmCard';
import { LlmsLoading } from './LlmsLoading';
import './llms.css';

/**
 * /llms (spec 04 section 2.4): the tenant's LLMs as cards, each with Train or Retrain, the test
 * with the fixed prompt and Delete; a random phrase while loading; the empty state; Create LLM.
 * The interaction-limit banner joins when the plan's usage counter exists (docs/decisions.md).
 */
export function LlmsPage() {
  return (
    <LlmAccessGate>
      <LlmList />
    </LlmAccessGate>
  );
}

function LlmList() {
  const llms = useLlms();
  const providers = useProviders();
  const { deletingIds, requestDelete } = useDeleteLlm();
  const { trainingIds, train } = useTrainLlm();
  const [isCreating, setIsCreating] = useState(false);
  const [testing, setTesting] = useState<LlmSummary | undefined>();

  const actionsFor = (llm: LlmSummary): BotCardAction[] => [
    {
      label: llm.isComplete ? 'Retrain LLM' : 'Train LLM',
      onSelect: () => void train(llm.llmId),
    },
    { label: 'Test LLM', onSelect: () => setTesting(llm) },
    { label: 'Delete LLM', isDanger: true, onSelect: () => void requestDelete(llm) },
  ];

  const createButton = (
    <Button icon={<PlusIcon />} onClick={() => setIsCreating(true)}>
      Create LLM
    </Button>
  );

  return (
    <div className="llms-page">
      <PageHeader title="LLMs" actions={createButton} />
      {llms.isPending ? (
        <LlmsLoading />
      ) : llms.data && llms.data.length > 0 ? (
        <div className="llms-grid">
          {llms.data.map((llm) => (
            <LlmCard
              key={llm.llmId}
              llm={llm}
              actions={trainingIds.has(llm.llmId) ? actionsFor(llm).slice(1) : actionsFor(llm)}
              isDeleting={deletingIds.has(llm.llmId)}
              isTraining={trainingIds.has(llm.llmId)}
              providerLabel={providers.label(llm.llmProvider)}
            />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={<SparklesIcon />}
          title="No LLMs yet"
          description="Create an LLM assistant, give it your documents and let it answer from them."
          action={llms.isError ? undefined : createButton}
        />
      )}
      {isCreating && <CreateLlmDialog onClose={() => setIsCreating(false)} />}
      {testing && <ListTestDialog llm={testing} onClose={() => setTesting(undefined)} />}
    </div>
  );
}
