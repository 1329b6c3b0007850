import {
  LLM_LIMITS,
  type Llm,
  RAG_FILTER_OPERATORS,
  type RagFilter,
  type RagFilterOperator,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Card, PlusIcon, popup, Select, Table, TextField, TrashIcon } from '../../../../ui';
import { cancelLlmTraining } from '../../api/llms-api';
import { LLM_KEYS } from '../../hooks/llm-query-keys';
import { useSaveLlm } from '../../hooks/use-save-llm';
import { useTrainLlm } from '../../hooks/use-train-llm';
import { amountOfDocsOf, type RagDraft, ragBody, ragDraftOf } from '../../llm-drafts';
import { withRagFilter } from '../../llm-rules';
import type { LlmTabProps } from './llm-tabs';
import { SaveBar } from './SaveBar';
import { EmbeddingModelSelect } from './SettingsTab';
import { StringListField } from './StringListField';
import { TrainingProgress } from './TrainingProgress';

const OPERATOR_LABELS: Record<RagFilterOperator, string> = { eq: 'equals (eq)', in: 'is one of (in)' };
const emptyFilter = (): RagFilter => ({ metadataField: '', query: '', operator: 'eq' });

/**
 * RAG: how many documents are trained, the embeddings model, the amount of documents an answer is
 * built from, the metadata fields and filters (added only with a field and a query; deleted after a
 * confirmation), and 'Train RAG' with the training's progress.
 */
export function RagTab({ llm }: LlmTabProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RagDraft>(() => ragDraftOf(llm));
  const [newFilter, setNewFilter] = useState<RagFilter>(emptyFilter);
  const [amountError, setAmountError] = useState<string | undefined>();
  const { isSaving, save } = useSaveLlm(llm.llmId);
  const { trainingIds, train } = useTrainLlm();
  const fieldsListId = useId();
  const isTraining = trainingIds.has(llm.llmId) || llm.training.state === 'running';
  const [isCancelling, setIsCancelling] = useState(false);
  const cancel = async () => {
    setIsCancelling(true);
    try {
      const answer = await cancelLlmTraining(llm.llmId);
      queryClient.setQueryData<Llm>(
        LLM_KEYS.llm(llm.llmId),
        (current) => current && { ...current, training: answer.training },
      );
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.llm(llm.llmId) });
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsCancelling(false);
    }
  };
  // The embeddings model is on the Settings tab too: a save there is taken over here.
  useEffect(
    () => setDraft((current) => ({ ...current, embeddingModel: llm.embeddingModel })),
    [llm.embeddingModel],
  );
  const change = (patch: Partial<RagDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const addFilter = () => {
    const filters = withRagFilter(draft.ragFilters, newFilter);
    if (!filters) return;
    change({ ragFilters: filters });
    setNewFilter(emptyFilter());
  };

  const removeFilter = async (index: number) => {
    const isConfirmed = await popup.confirm({
      title: 'Delete this RAG filter?',
      text: 'Answers will no longer be limited by it once you save.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (isConfirmed) change({ ragFilters: draft.ragFilters.filter((_, i) => i !== index) });
  };

  const submit = () => {
    const amount = amountOfDocsOf(draft.amountOfDocs);
    const problem =
      amount === undefined
        ? `The amount of documents is a whole number from ${LLM_LIMITS.amountOfDocsMin} to ${LLM_LIMITS.amountOfDocsMax}.`
        : undefined;
    setAmountError(problem);
    if (!problem) void save(ragBody(draft));
  };

  return (
    <div className="llm-tab">
      <Card
        title="Training"
        description={`${llm.trainedDocs} of ${llm.documents.length} documents trained`}
        actions={
          <>
            {llm.training.state === 'running' && (
              <Button variant="secondary" onClick={() => void cancel()} isLoading={isCancelling}>
                Cancel training
              </Button>
            )}
            <Button
              onClick={() => void train(llm.llmId)}
              isLoading={isTraining}
              disabled={llm.documents.length === 0}
            >
              Train RAG
            </Button>
          </>
        }
      >
        <TrainingProgress llm={llm} />
      </Card>
      <form
        id="llm-rag-form"
        className="llm-tab__fields"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <EmbeddingModelSelect
          llm={llm}
          provider={llm.llmProvider}
          value={draft.embeddingModel}
          onChange={(embeddingModel) => change({ embeddingModel })}
        />
        <TextField
          label="Amount of documents"
          hint="Passages an answer is built from."
          type="number"
          min={LLM_LIMITS.amountOfDocsMin}
          max={LLM_LIMITS.amountOfDocsMax}
          step={1}
          value={draft.amountOfDocs}
          error={amountError}
          onChange={(event) => change({ amountOfDocs: event.target.value })}
        />
        <StringListField
          label="Metadata fields"
          entryLabel="Metadata field"
          placeholder="e.g. team"
          values={draft.metadataFields}
          onChange={(metadataFields) => change({ metadataFields })}
        />
        <fieldset className="llm-list-field">
          <legend className="field__label">Metadata filters</legend>
          <Table
            caption="Metadata filters"
            rows={draft.ragFilters.map((filter, index) => ({ filter, index }))}
            rowKey={({ index }) => String(index)}
            emptyText="No filters: answers may use every document."
            columns={[
              { key: 'field', header: 'Metadata field', render: ({ filter }) => filter.metadataField },
              { key: 'operator', header: 'Operator', render: ({ filter }) => filter.operator },
              { key: 'query', header: 'Filter query', render: ({ filter }) => filter.query },
              {
                key: 'delete',
                header: <span className="visually-hidden">Delete</span>,
                align: 'end',
                render: ({ filter, index }) => (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<TrashIcon />}
                    aria-label={`Delete the filter on ${filter.metadataField}`}
                    onClick={() => void removeFilter(index)}
                  />
                ),
              },
            ]}
          />
          <div className="llm-rag-filter">
            <TextField
              label="Metadata field"
              list={fieldsListId}
              value={newFilter.metadataField}
              onChange={(event) => setNewFilter((f) => ({ ...f, metadataField: event.target.value }))}
            />
            <datalist id={fieldsListId}>
              {draft.metadataFields.map((field) => (
                <option key={field} value={field} />
              ))}
            </datalist>
            <Select
              label="Operator"
              options={RAG_FILTER_OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value] }))}
              value={newFilter.operator}
              onChange={(event) =>
                setNewFilter((f) => ({ ...f, operator: event.target.value as RagFilterOperator }))
              }
            />
            <TextField
              label="Filter query"
              hint={newFilter.operator === 'in' ? 'Values separated by commas.' : undefined}
              value={newFilter.query}
              onChange={(event) => setNewFilter((f) => ({ ...f, query: event.target.value }))}
            />
            <Button
              variant="secondary"
              icon={<PlusIcon />}
              onClick={addFilter}
              disabled={!newFilter.metadataField.trim() || !newFilter.query.trim()}
            >
              Add filter
            </Button>
          </div>
        </fieldset>
      </form>
      <SaveBar formId="llm-rag-form" isSaving={isSaving} />
    </div>
  );
}
