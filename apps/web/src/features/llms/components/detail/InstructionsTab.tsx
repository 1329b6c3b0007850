import { LLM_OUTPUT_TYPES, type LlmOutputType } from '@parley/contracts';
import { useState } from 'react';
import { Select } from '../../../../ui';
import { TextAreaField } from '../../../bot-content';
import { useSaveLlm } from '../../hooks/use-save-llm';
import type { LlmTabProps } from './llm-tabs';
import { SaveBar } from './SaveBar';

const OUTPUT_LABELS: Record<LlmOutputType, string> = { text: 'Text', json: 'JSON' };

/** Instructions: output type (text or JSON, with its schema), format instructions, history instructions. */
export function InstructionsTab({ llm }: LlmTabProps) {
  const [output, setOutput] = useState<LlmOutputType>(llm.output);
  const [outputSchema, setOutputSchema] = useState(llm.outputSchema);
  const [formatInstructions, setFormatInstructions] = useState(llm.formatInstructions);
  const [historyInstructions, setHistoryInstructions] = useState(llm.historyInstructions);
  const { isSaving, save } = useSaveLlm(llm.llmId);

  return (
    <form
      id="llm-instructions-form"
      className="llm-tab"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ output, outputSchema, formatInstructions, historyInstructions });
      }}
    >
      <div className="llm-tab__fields">
        <Select
          label="Output type"
          options={LLM_OUTPUT_TYPES.map((type) => ({ value: type, label: OUTPUT_LABELS[type] }))}
          value={output}
          onChange={(event) => setOutput(event.target.value as LlmOutputType)}
        />
        {output === 'json' && (
          <TextAreaField
            label="JSON schema"
            placeholder='{"type": "object", "properties": {"answer": {"type": "string"}}}'
            rows={6}
            className="llm-tab__code"
            value={outputSchema}
            onChange={(event) => setOutputSchema(event.target.value)}
          />
        )}
        <TextAreaField
          label="Format instructions"
          placeholder="How answers are laid out, e.g. 'Short paragraphs, a list for steps.'"
          rows={4}
          value={formatInstructions}
          onChange={(event) => setFormatInstructions(event.target.value)}
        />
        <TextAreaField
          label="History instructions"
          placeholder="How earlier messages of the conversation are used"
          rows={4}
          value={historyInstructions}
          onChange={(event) => setHistoryInstructions(event.target.value)}
        />
      </div>
      <SaveBar formId="llm-instructions-form" isSaving={isSaving} />
    </form>
  );
}
