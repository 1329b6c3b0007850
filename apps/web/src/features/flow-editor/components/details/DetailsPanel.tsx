import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Select } from '../../../../ui';
import { useEntities } from '../../../bot-content';
import { fetchVariablesAndObjects, variablesKey } from '../../../variables';
import { ConditionDetails } from './ConditionDetails';
import { ConnectorDetails } from './ConnectorDetails';
import type { DetailsContext } from './details-context';
import { EndEventDetails } from './EndEventDetails';
import { TaskDetails } from './TaskDetails';
import './details.css';

type DetailsProps = Omit<
  DetailsContext,
  'elementId' | 'language' | 'botVariables' | 'closedListEntityNames'
> & {
  elementId: string | null;
  onClose: () => void;
};

const EDITORS: Record<string, (props: { context: DetailsContext }) => React.ReactNode> = {
  'bpmn:Task': TaskDetails,
  'bpmn:ExclusiveGateway': ConditionDetails,
  'bpmn:SequenceFlow': ConnectorDetails,
  'bpmn:EndEvent': EndEventDetails,
};

const CLOSED_LIST_TYPE = 'closedlists';

/**
 * The bot's variables and objects, for conditions, autocomplete and the rename check. A role that
 * cannot read them still edits the flow: the lists are then the flow's own outputs.
 */
function useBotVariables(botName: string): string[] {
  const query = useQuery({
    queryKey: variablesKey(botName),
    queryFn: ({ signal }) => fetchVariablesAndObjects(botName, signal),
    meta: { handlesErrors: true },
  });
  return useMemo(
    () => (query.data ? [...Object.keys(query.data.variables), ...Object.keys(query.data.objects)] : []),
    [query.data],
  );
}

/** The Details panel (spec 03 section 2.5): the selected element's editor, or the empty state. */
export function DetailsPanel({ elementId, onClose, ...shared }: DetailsProps) {
  const [language, setLanguage] = useState(shared.languages[0] ?? 'en');
  const botVariables = useBotVariables(shared.botName);
  const entities = useEntities(shared.botName);
  const closedListEntityNames = useMemo(
    () =>
      (entities.data ?? []).filter((entity) => entity.type === CLOSED_LIST_TYPE).map((entity) => entity.name),
    [entities.data],
  );
  const variables = useMemo(
    () => [...new Set([...shared.variables, ...botVariables])].sort((a, b) => a.localeCompare(b)),
    [shared.variables, botVariables],
  );
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
          <Editor
            // A new element starts with its own drafts (an output being renamed, a link being set).
            key={element.id}
            context={{
              ...shared,
              variables,
              botVariables,
              closedListEntityNames,
              elementId: element.id,
              language,
            }}
          />
        </div>
      )}
    </aside>
  );
}
