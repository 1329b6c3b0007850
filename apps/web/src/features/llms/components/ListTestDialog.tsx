import type { LlmSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spinner } from '../../../ui';
import { testLlm } from '../api/llms-api';
import { LLM_LIST_TEST_PROMPT } from '../llm-list-test';
import { AnswerView } from './AnswerView';

/** The test from the list (spec 04 section 2.4): the fixed prompt about the context, and the answer. */
export function ListTestDialog({ llm, onClose }: { llm: LlmSummary; onClose: () => void }) {
  const answer = useQuery({
    queryKey: ['llms', 'list-test', llm.llmId],
    queryFn: () => testLlm(llm.llmId, LLM_LIST_TEST_PROMPT),
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <Modal
      title={`Test ${llm.llmDisplayName}`}
      description={LLM_LIST_TEST_PROMPT}
      onClose={onClose}
      size="lg"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {answer.isPending ? (
        <Spinner label="Waiting for the answer" />
      ) : answer.data ? (
        <AnswerView answer={answer.data} />
      ) : (
        <p className="llm-answer__notice">The LLM could not answer.</p>
      )}
    </Modal>
  );
}
