import { useState } from 'react';
import { Button, Select, Toggle } from '../../../ui';
import { useIntent } from '../../bot-content';
import type { EditorMode } from '../flow-owner';
import type { FlowItem } from '../hooks/use-flow-items';

interface TopBarProps {
  botName: string;
  mode: EditorMode;
  items: FlowItem[] | undefined;
  itemName: string | undefined;
  isWelcome: boolean;
  onSwitch: (name: string) => void;
  variables: readonly string[];
  showStatistics: boolean;
  flowTriggers: number | null;
  onToggleStatistics: (isOn: boolean) => void;
  onClose: () => void;
}

function ExamplesList({ botName, intent }: { botName: string; intent: string }) {
  const query = useIntent(botName, intent);
  const examples = query.data?.utterances ?? [];
  if (!query.data) return null;
  return examples.length === 0 ? (
    <p className="flow-editor__aside-empty">There are no examples for this intent</p>
  ) : (
    <ul className="flow-editor__aside-list">
      {examples.map((example) => (
        <li key={example.ids.internal}>{example.text}</li>
      ))}
    </ul>
  );
}

/** The top bar (spec 03 section 2.2): the item selector, the view toggles and close. */
export function TopBar(props: TopBarProps) {
  const { botName, mode, items, itemName, isWelcome } = props;
  const [showExamples, setShowExamples] = useState(false);
  const [showVariables, setShowVariables] = useState(false);
  const isEmpty = items?.every((item) => item.isHeader) ?? false;
  return (
    <div className="flow-editor__topbar">
      <div className="flow-editor__topbar-row">
        <strong className="flow-editor__title">Dialog Manager</strong>
        {items && !isEmpty && (
          <Select
            label={mode === 'intents' ? 'Intent' : 'Sub flow'}
            value={itemName ?? ''}
            options={items.map((item) => ({
              value: item.name,
              label: item.label,
              isDisabled: item.isHeader ?? false,
            }))}
            onChange={(event) => props.onSwitch(event.target.value)}
          />
        )}
        {mode === 'intents' && !isWelcome && (
          <Toggle label="Examples" isChecked={showExamples} onChange={setShowExamples} />
        )}
        <Toggle label="Variables" isChecked={showVariables} onChange={setShowVariables} />
        <Toggle label="Statistics" isChecked={props.showStatistics} onChange={props.onToggleStatistics} />
        {props.showStatistics && (
          <>
            <button
              type="button"
              className="flow-editor__link"
              onClick={() => props.onToggleStatistics(true)}
            >
              Refresh Statistics
            </button>
            {props.flowTriggers !== null && (
              <span className="flow-editor__muted">
                Started {props.flowTriggers.toLocaleString('en')}{' '}
                {props.flowTriggers === 1 ? 'time' : 'times'}
              </span>
            )}
          </>
        )}
        <span className="flow-editor__spacer" />
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </div>
      {isEmpty && (
        <p className="flow-editor__notice">
          {mode === 'functions'
            ? `No subs for ${botName} available yet. You can add one in the Subs tab.`
            : `No function for ${botName} available yet. You can add one in the Functions tab.`}
        </p>
      )}
      {(showExamples || showVariables) && (
        <div className="flow-editor__asides">
          {showExamples && itemName && mode === 'intents' && !isWelcome && (
            <section aria-label="Examples">
              <h4>Examples</h4>
              <ExamplesList botName={botName} intent={itemName} />
            </section>
          )}
          {showVariables && (
            <section aria-label="Variables">
              <h4>Variables</h4>
              {props.variables.length === 0 ? (
                <p className="flow-editor__aside-empty">No block of this flow sets a variable yet.</p>
              ) : (
                <ul className="flow-editor__aside-list">
                  {props.variables.map((name) => (
                    <li key={name}>
                      <code>[{name}]</code>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
