import { GUARDRAIL_LOCAL_CHECKS } from '@parley/contracts';
import { useState } from 'react';
import { TextAreaField } from '../../../bot-content';
import { useSaveLlm } from '../../hooks/use-save-llm';
import { guardrailsBody } from '../../llm-drafts';
import type { LlmTabProps } from './llm-tabs';
import { SaveBar } from './SaveBar';
import { StringListField } from './StringListField';

/** Guardrails: the output check conditions and the message a user gets when an answer fails one. */
export function GuardrailsTab({ llm }: LlmTabProps) {
  const [outputCheckConditions, setConditions] = useState(llm.outputCheckConditions);
  const [guardrailsMessage, setGuardrailsMessage] = useState(llm.guardrailsMessage);
  const { isSaving, save } = useSaveLlm(llm.llmId);

  return (
    <form
      id="llm-guardrails-form"
      className="llm-tab"
      onSubmit={(event) => {
        event.preventDefault();
        void save(guardrailsBody({ outputCheckConditions, guardrailsMessage })).then((isSaved) => {
          if (isSaved) setConditions((current) => current.map((c) => c.trim()).filter(Boolean));
        });
      }}
    >
      <div className="llm-tab__fields">
        <StringListField
          label="Output check conditions"
          entryLabel="Condition"
          placeholder="e.g. The answer never mentions prices"
          values={outputCheckConditions}
          onChange={setConditions}
        />
        <details className="llm-guardrail-help">
          <summary>How conditions are written</summary>
          <p>
            A condition in plain language (e.g. 'Never recommend a competitor') is judged by the language
            model. A condition that starts with one of these words is checked by Parley itself:
          </p>
          <dl>
            {GUARDRAIL_LOCAL_CHECKS.map((check) => (
              <div key={check.kind}>
                <dt>
                  <code>{check.example}</code>
                </dt>
                <dd>{check.help}</dd>
              </div>
            ))}
          </dl>
          <p>
            Start a condition with <code>input:</code> to check the user's message instead of the answer.
          </p>
        </details>
        <TextAreaField
          label="Guardrails message"
          placeholder="What the user reads instead of an answer that fails a check"
          rows={3}
          value={guardrailsMessage}
          onChange={(event) => setGuardrailsMessage(event.target.value)}
        />
      </div>
      <SaveBar formId="llm-guardrails-form" isSaving={isSaving} />
    </form>
  );
}
