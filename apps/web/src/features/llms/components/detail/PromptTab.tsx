import { useState } from 'react';
import { Button } from '../../../../ui';
import { TextAreaField } from '../../../bot-content';
import { usePromptSize } from '../../hooks/use-prompt-size';
import { useSaveLlm } from '../../hooks/use-save-llm';
import type { LlmTabProps } from './llm-tabs';
import { PromptSizeLine } from './PromptSizeLine';
import { SaveBar } from './SaveBar';

/** Prompt: persona and general instructions; the advanced retriever query is hidden until asked for. */
export function PromptTab({ llm }: LlmTabProps) {
  const [persona, setPersona] = useState(llm.persona);
  const [generalInstructions, setGeneralInstructions] = useState(llm.generalInstructions);
  const [additionalLLMQuery, setAdditionalLLMQuery] = useState(llm.additionalLLMQuery);
  const [isAdvancedShown, setIsAdvancedShown] = useState(false);
  const { isSaving, save } = useSaveLlm(llm.llmId);
  // The Instructions tab's fields count as saved.
  const size = usePromptSize(llm.llmId, { persona, generalInstructions });

  return (
    <form
      id="llm-prompt-form"
      className="llm-tab"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ persona, generalInstructions, additionalLLMQuery });
      }}
    >
      <div className="llm-tab__fields">
        <TextAreaField
          label="Persona"
          placeholder="Who the assistant is and how it speaks, e.g. 'You are the friendly help desk of Acme.'"
          rows={4}
          value={persona}
          onChange={(event) => setPersona(event.target.value)}
        />
        <TextAreaField
          label="General instructions"
          placeholder="What the assistant does and does not do, e.g. 'Answer only from the documents.'"
          rows={6}
          value={generalInstructions}
          onChange={(event) => setGeneralInstructions(event.target.value)}
        />
        <PromptSizeLine size={size} />
        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isAdvancedShown}
            onClick={() => setIsAdvancedShown((shown) => !shown)}
          >
            {isAdvancedShown ? 'Hide advanced settings' : 'Show advanced settings'}
          </Button>
        </div>
        {isAdvancedShown && (
          <TextAreaField
            label="Retriever query"
            placeholder="Words added to the user's message when passages are looked up"
            rows={3}
            value={additionalLLMQuery}
            onChange={(event) => setAdditionalLLMQuery(event.target.value)}
          />
        )}
      </div>
      <SaveBar formId="llm-prompt-form" isSaving={isSaving} />
    </form>
  );
}
