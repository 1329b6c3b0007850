import type { LlmSummary } from '@parley/contracts';
import { useRef, useState } from 'react';
import { Button, EmptyState, PageHeader, PlusIcon, SparklesIcon, UploadIcon } from '../../../ui';
import type { BotCardAction } from '../../bots';
import { useDeleteLlm } from '../hooks/use-delete-llm';
import { useLlmFiles } from '../hooks/use-llm-files';
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
 * with the fixed prompt, Export and Delete; a random phrase while loading; the empty state; Import
 * LLM and Create LLM.
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
  const files = useLlmFiles();
  const filePicker = useRef<HTMLInputElement>(null);

  const actionsFor = (llm: LlmSummary): BotCardAction[] => [
    {
      label: llm.isComplete ? 'Retrain LLM' : 'Train LLM',
      onSelect: () => void train(llm.llmId),
    },
    { label: 'Test LLM', onSelect: () => setTesting(llm) },
    ...(files.canExport && !files.exportingIds.has(llm.llmId)
      ? [{ label: 'Export LLM', onSelect: () => void files.exportLlm(llm) }]
      : []),
    { label: 'Delete LLM', isDanger: true, onSelect: () => void requestDelete(llm) },
  ];

  const createButton = (
    <Button icon={<PlusIcon />} onClick={() => setIsCreating(true)}>
      Create LLM
    </Button>
  );

  const importButton = files.canImport && (
    <>
      <Button
        variant="secondary"
        icon={<UploadIcon />}
        onClick={() => filePicker.current?.click()}
        isLoading={files.isImporting}
      >
        Import LLM
      </Button>
      <input
        ref={filePicker}
        type="file"
        accept=".json,application/json"
        aria-label="LLM file to import"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // The same file may be chosen again after a refusal.
          if (file) void files.importLlm(file);
        }}
      />
    </>
  );

  return (
    <div className="llms-page">
      <PageHeader
        title="LLMs"
        actions={
          <>
            {importButton}
            {createButton}
          </>
        }
      />
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
