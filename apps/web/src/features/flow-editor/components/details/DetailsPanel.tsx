import { useState } from 'react';
import { Select } from '../../../../ui';
import { ConditionDetails } from './ConditionDetails';
import { ConnectorDetails } from './ConnectorDetails';
import type { DetailsContext } from './details-context';
import { EndEventDetails } from './EndEventDetails';
import { TaskDetails } from './TaskDetails';

type DetailsProps = Omit<DetailsContext, 'elementId' | 'language'> & {
  elementId: string | null;
  onClose: () => void;
};

const EDITORS: Record<string, (props: { context: DetailsContext }) => React.ReactNode> = {
  'bpmn:Task': TaskDetails,
  'bpmn:ExclusiveGateway': ConditionDetails,
  'bpmn:SequenceFlow': ConnectorDetails,
  'bpmn:EndEvent': EndEventDetails,
};

/** The Details panel (spec 03 section 2.5): the selected element's editor, or the empty state. */
export function DetailsPanel({ elementId, onClose, ...shared }: DetailsProps) {
  const [language, setLanguage] = useState(shared.languages[0] ?? 'en');
  const element = elementId ? shared.canvas.element(elementId) : undefined;
  const Editor = element ? EDITORS[element.type] : undefined;
  return (
    <aside className="flow-details" aria-label="Details">
      <header className="flow-details__header">
        <h3>Details</h3>
        <button type="button" className="flow-details__close" onClick={onClose}>
          Back to the bot
        </button>
      </header>
      {!element || !Editor ? (
        <div className="flow-details__empty">
          <p>
            <strong>Select an element</strong>
          </p>
          <p>If you select an element, you can edit it here.</p>
          {element?.type === 'bpmn:StartEvent' && <p>The flow starts here.</p>}
        </div>
      ) : (
        <div className="flow-details__body">
          {shared.languages.length > 1 && (
            <Select
              label="Language"
              value={language}
              options={shared.languages.map((code) => ({ value: code, label: code }))}
              onChange={(event) => setLanguage(event.target.value)}
            />
          )}
          <Editor context={{ ...shared, elementId: element.id, language }} />
        </div>
      )}
    </aside>
  );
}
