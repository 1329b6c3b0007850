import {
  type EntityView,
  type FlowTargetName,
  type IntentSummary,
  isNoneIntent,
  INTENT_MESSAGES as M,
} from '@parley/contracts';
import { savingWith, showFailure } from '../../../api/server-error';
import { Button, EmptyState, popup, Spinner, TrashIcon } from '../../../ui';
import { EditableText, placeholderEntitiesOf, useContentRefresh, useIntent } from '../../bot-content';
import { deleteIntent, renameIntent, updateIntentDescription } from '../api/intents-api';
import { ExampleList } from './ExampleList';
import { FaqAnswer } from './FaqAnswer';
import { IntentFlow } from './IntentFlow';

interface IntentPaneProps {
  botName: string;
  /** From the list: the examples are loaded here, for this intent only. */
  intent: IntentSummary;
  entities: readonly EntityView[];
  canManage: boolean;
  /** May activate the intent's flow to the test channel, and to every channel. */
  canActivateFlow: Record<FlowTargetName, boolean>;
  onRenamed: (name: string) => void;
  onDeleted: () => void;
}

/** The selected intent: name, description, badges, entities used, FAQ answer or dialog flow, and examples. */
export function IntentPane({
  botName,
  intent,
  entities,
  canManage,
  canActivateFlow,
  onRenamed,
  onDeleted,
}: IntentPaneProps) {
  const refresh = useContentRefresh(botName);
  const isNone = isNoneIntent(intent.name);
  const detail = useIntent(botName, intent.name);

  const rename = savingWith(
    M.renameFailed,
    (newName) => renameIntent(botName, intent.name, newName),
    async (newName) => {
      await refresh();
      onRenamed(newName);
    },
  );

  const describe = savingWith(
    M.descriptionSaveFailed,
    (description) => updateIntentDescription(botName, intent.name, description),
    refresh,
  );

  const remove = async () => {
    if (isNone) {
      void popup.warning({ title: M.cannotDeleteNone });
      return;
    }
    const isSure = await popup.confirm({
      title: 'Delete intent?',
      text: `Are you sure you want to delete the intent ${intent.name}? Its examples go with it.`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isSure) return;
    try {
      await deleteIntent(botName, intent.name);
    } catch (error) {
      showFailure('Deletion error', error);
      return;
    }
    await refresh();
    onDeleted();
  };

  return (
    <article className="intent-pane" aria-label={`Intent ${intent.name}`}>
      <header className="intent-pane__header">
        <div className="intent-pane__title">
          <EditableText
            label="Intent name"
            value={intent.name}
            canEdit={canManage}
            isLocked={isNone}
            variant="title"
            onSave={rename}
          />
          {intent.type === 'faq' && <span className="content-badge content-badge--faq">FAQ Intent</span>}
          {intent.isRedirect && <span className="content-badge">Redirect Intent</span>}
        </div>
        {canManage && (
          <Button size="sm" variant="ghost" icon={<TrashIcon />} onClick={() => void remove()}>
            Delete intent
          </Button>
        )}
      </header>
      <EditableText
        label="Intent description"
        value={intent.description}
        placeholder={canManage ? 'Add a description' : 'No description'}
        canEdit={canManage}
        isMultiline
        onSave={describe}
      />
      <section className="intent-pane__entities" aria-label="Entities used">
        <h3 className="content-section-title">Entities used</h3>
        {intent.entities.length === 0 ? (
          <p className="content-muted">No entities are used in this intent.</p>
        ) : (
          <ul className="content-chips">
            {intent.entities.map((name) => (
              <li key={name} className="content-chip">
                {name}
              </li>
            ))}
          </ul>
        )}
      </section>
      {intent.type === 'faq' ? (
        <FaqAnswer botName={botName} intent={intent} canManage={canManage} onChanged={refresh} />
      ) : (
        <IntentFlow botName={botName} intent={intent.name} canActivate={canActivateFlow} />
      )}
      {detail.data ? (
        <ExampleList
          botName={botName}
          intent={detail.data}
          entities={placeholderEntitiesOf(entities)}
          canManage={canManage}
          onChanged={refresh}
        />
      ) : detail.isError && !detail.isGone ? (
        <EmptyState title="The examples could not be loaded" />
      ) : (
        <Spinner label="Loading the examples" />
      )}
    </article>
  );
}
