import { categoryOf, firstLanguageData } from '@parley/editor';
import { decisionOperation, taskExitsOf } from '@parley/flows/blocks';
import { Checkbox, Select } from '../../../../ui';
import { channelChoices } from '../../connector-choices';
import { ConnectorFields } from './ConnectorFields';
import { type DetailsContext, dataOf, patchAll } from './details-context';

/**
 * An arrow: leaving a condition, the default checkbox and the operation's fields (hidden for
 * the default arrow, spec 03 section 4.4); leaving a block with named exits (options, a
 * validation's fail path, a function's failed call), the exit it takes.
 */
export function ConnectorDetails({ context }: { context: DetailsContext }) {
  const connector = context.canvas.element(context.elementId);
  const source = connector?.source;
  if (!connector || !source) return null;
  const data = Object.values(dataOf(context))[0] ?? {};
  const isDisabled = !context.rights.canEditTexts;
  const sourceData = firstLanguageData(source.businessObject);

  if (source.type === 'bpmn:ExclusiveGateway') {
    const operation = decisionOperation(sourceData.operation);
    const isDefault = data.isDefault === true || data.isDefault === 'true';
    if (!operation) return <p className="flow-details__hint">Choose the condition's operation first.</p>;
    const variables = context.variables.filter((name) => name !== sourceData.condition);
    // Which channel: each channel is named by one arrow of the condition (spec 03 section 5).
    const siblingChannels = (source.outgoing ?? [])
      .filter((arrow) => arrow.id !== connector.id)
      .map((arrow) => firstLanguageData(arrow.businessObject).channelId)
      .filter((id) => typeof id === 'string' && id !== '');
    return (
      <>
        <p className="flow-details__hint">
          {operation.name} on {String(sourceData.condition || 'no variable')}
        </p>
        <Checkbox
          label="Default connector (taken when no other is)"
          checked={isDefault}
          disabled={isDisabled}
          onChange={(event) => patchAll(context, { isDefault: event.target.checked })}
        />
        {!isDefault && (
          <ConnectorFields
            operation={operation}
            data={data}
            variables={variables}
            channels={channelChoices(siblingChannels, data.channelId)}
            closedListEntityNames={context.closedListEntityNames}
            isDisabled={isDisabled}
            onChange={(next) => patchAll(context, next)}
          />
        )}
      </>
    );
  }

  const exits = taskExitsOf(categoryOf(source.businessObject), sourceData);
  if (exits.length <= 1) return <p className="flow-details__hint">This arrow leads on to the next block.</p>;
  return (
    <Select
      label="Leaves by"
      value={typeof data.exit === 'string' && data.exit !== '' ? data.exit : 'next'}
      disabled={isDisabled}
      options={exits.map((exit) => ({ value: exit.id, label: exit.label }))}
      onChange={(event) =>
        patchAll(context, { exit: event.target.value === 'next' ? '' : event.target.value })
      }
    />
  );
}
