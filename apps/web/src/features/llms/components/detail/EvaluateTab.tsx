import {
  LLM_EVALUATION_MESSAGES as EM,
  LLM_EVALUATION_FILE_EXTENSIONS,
  LLM_EVALUATION_LIMITS,
  LLM_MESSAGES,
  type LlmEvaluationRun,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, cx, FilePicker, formatDateTime, popup, Table, TextField } from '../../../../ui';
import { evaluateLlm, uploadEvaluationDataset } from '../../api/llm-quality-api';
import { LLM_KEYS } from '../../hooks/llm-query-keys';
import { evaluationsKey, useEvaluationRun, useEvaluations } from '../../hooks/use-llm-quality';
import { useSaveLlm } from '../../hooks/use-save-llm';
import { percentOf, scoreOf } from '../../llm-metrics-format';
import type { LlmTabProps } from './llm-tabs';
import './llm-quality.css';
import { SaveBar } from './SaveBar';

const ACCEPT = LLM_EVALUATION_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function datasetFileProblem(file: File): string | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LLM_EVALUATION_FILE_EXTENSIONS as readonly string[]).includes(extension)) return EM.fileType;
  if (file.size > LLM_EVALUATION_LIMITS.fileMaxBytes) return EM.fileTooBig;
  return undefined;
}

const stateLabel = (run: LlmEvaluationRun) =>
  run.state === 'running'
    ? `Running (${run.done} of ${run.total})`
    : run.state === 'succeeded'
      ? 'Done'
      : 'Failed';

/**
 * Evaluate (spec 04 sections 2.5, 3.11, 8; docs/decisions.md 'Evaluation'): the dataset name and
 * id (saved with Save), a dataset file (CSV or JSON) to upload, which becomes the LLM's dataset,
 * and the Evaluate button ('Start to evaluate LLM, this may take a while...'). The runs are kept
 * and listed side by side, newest first; one run's questions open below.
 */
export function EvaluateTab({ llm }: LlmTabProps) {
  const queryClient = useQueryClient();
  const [datasetName, setDatasetName] = useState(llm.datasetName);
  const [datasetId, setDatasetId] = useState(llm.datasetId);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [isUploading, setIsUploading] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [openRunId, setOpenRunId] = useState<string | undefined>();
  const { isSaving, save } = useSaveLlm(llm.llmId);
  const evaluations = useEvaluations(llm.llmId);
  const runs = evaluations.data?.runs ?? [];
  const running = runs.find((run) => run.state === 'running');
  const openRun = runs.find((run) => run.runId === openRunId);
  const detail = useEvaluationRun(llm.llmId, openRunId, openRun?.state === 'running');

  // A run that ends says so once, as training does.
  const followed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (running) followed.current = running.runId;
    else if (followed.current) {
      const ended = runs.find((run) => run.runId === followed.current);
      followed.current = undefined;
      if (ended?.state === 'succeeded') void popup.info({ title: EM.succeeded });
      if (ended?.state === 'failed') void popup.error({ title: EM.failed, text: ended.error ?? '' });
    }
  }, [running, runs]);

  const upload = async () => {
    if (!file) return setFileError(EM.fileMissing);
    setIsUploading(true);
    try {
      const dataset = await uploadEvaluationDataset(llm.llmId, file, datasetName);
      setDatasetName(dataset.datasetName);
      setDatasetId(dataset.datasetId);
      setFile(undefined);
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.llm(llm.llmId) });
      void popup.info({ title: LLM_MESSAGES.saved });
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsUploading(false);
    }
  };

  const evaluate = async () => {
    setIsStarting(true);
    try {
      const started = await evaluateLlm(llm.llmId, datasetId.trim() || undefined);
      void popup.info({ title: started.message });
      await queryClient.invalidateQueries({ queryKey: evaluationsKey(llm.llmId) });
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <div className="llm-tab llm-evaluate">
      <form
        id="llm-evaluate-form"
        className="llm-tab__fields"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ datasetName, datasetId });
        }}
      >
        <div className="llm-tab__pair">
          <TextField
            label="Dataset name"
            value={datasetName}
            onChange={(event) => setDatasetName(event.target.value)}
          />
          <TextField
            label="Dataset id"
            value={datasetId}
            onChange={(event) => setDatasetId(event.target.value)}
          />
        </div>
        <div className={cx('field', fileError && 'field--invalid')}>
          <span className="field__label">Dataset file</span>
          <div className="llm-evaluate__upload">
            <FilePicker
              label="Choose a dataset"
              accept={ACCEPT}
              file={file}
              isDisabled={isUploading}
              onChoose={(chosen) => {
                const problem = datasetFileProblem(chosen);
                setFileError(problem);
                setFile(problem ? undefined : chosen);
              }}
            />
            <Button
              variant="secondary"
              isLoading={isUploading}
              disabled={!file}
              onClick={() => void upload()}
            >
              Upload dataset
            </Button>
          </div>
          {fileError ? (
            <p className="field__error" role="alert">
              {fileError}
            </p>
          ) : (
            <p className="field__hint">
              CSV with the columns question, expected_answer, expected_sources (names split by |) and check
              (contains or judged), or JSON: a list of {'{question, expectedAnswer, expectedSources, check}'}.
              Up to 500 questions, 2 MB.
            </p>
          )}
        </div>
      </form>
      <div className="llm-evaluate__actions">
        <Button isLoading={isStarting} disabled={running !== undefined} onClick={() => void evaluate()}>
          Evaluate
        </Button>
      </div>
      <SaveBar formId="llm-evaluate-form" isSaving={isSaving} />
      <Table
        caption="Evaluation runs"
        rows={runs}
        rowKey={(run) => run.runId}
        emptyText="No evaluations yet."
        columns={[
          { key: 'started', header: 'Started', render: (run) => formatDateTime(run.startedAt) },
          { key: 'dataset', header: 'Dataset', render: (run) => run.datasetName },
          { key: 'state', header: 'State', render: stateLabel },
          {
            key: 'hit',
            header: 'hit@k',
            align: 'end',
            render: (run) =>
              run.retrieval ? `${scoreOf(run.retrieval.hitAtK)} (k=${run.retrieval.k})` : '–',
          },
          { key: 'mrr', header: 'MRR', align: 'end', render: (run) => scoreOf(run.retrieval?.mrr) },
          { key: 'ndcg', header: 'nDCG@10', align: 'end', render: (run) => scoreOf(run.retrieval?.ndcgAt10) },
          {
            key: 'answers',
            header: 'Answers passed',
            align: 'end',
            render: (run) =>
              run.answers
                ? `${run.answers.passed} of ${run.answers.checked} (${percentOf(run.answers.rate)})${run.answers.mode === 'retrieval-only' ? ', retrieval only' : ''}`
                : '–',
          },
          {
            key: 'open',
            header: <span className="visually-hidden">Questions</span>,
            align: 'end',
            render: (run) => (
              <Button
                variant="ghost"
                size="sm"
                disabled={run.state === 'running'}
                onClick={() => setOpenRunId(openRunId === run.runId ? undefined : run.runId)}
              >
                {openRunId === run.runId ? 'Hide questions' : 'Questions'}
              </Button>
            ),
          },
        ]}
      />
      {detail.data && openRun && openRun.state !== 'running' ? (
        <Table
          caption={`Questions of the run of ${formatDateTime(openRun.startedAt)}`}
          rows={detail.data.results.map((result, index) => ({ ...result, index }))}
          rowKey={(result) => String(result.index)}
          emptyText={detail.data.error ?? 'No questions.'}
          columns={[
            { key: 'question', header: 'Question', render: (r) => r.question },
            {
              key: 'sources',
              header: 'Expected / found sources',
              render: (r) =>
                `${r.expectedSources.join(', ') || '–'} / ${r.retrievedSources.slice(0, 5).join(', ') || '–'}`,
            },
            { key: 'hit', header: 'hit@k', align: 'end', render: (r) => scoreOf(r.hitAtK) },
            { key: 'ndcg', header: 'nDCG@10', align: 'end', render: (r) => scoreOf(r.ndcgAt10) },
            {
              key: 'answer',
              header: 'Answer',
              render: (r) => (
                <span className="llm-evaluate__answer">
                  {r.answer}
                  {r.note ? <span className="llm-evaluate__note">{r.note}</span> : null}
                </span>
              ),
            },
            {
              key: 'passed',
              header: `Check`,
              render: (r) => (r.passed === null ? '–' : `${r.check}: ${r.passed ? 'passed' : 'failed'}`),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
