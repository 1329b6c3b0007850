import {
  type ConnectionKind,
  type ConnectionView,
  canRemoveConnection,
  canRequestConnection,
} from '@parley/contracts';
import { useId, useState } from 'react';
import { Button, Card, cx, Toggle } from '../../../ui';
import { addableConnections } from '../configuration-draft';

export interface ConnectionSectionProps {
  title: string;
  kind: ConnectionKind;
  /** As the tab shows them: the stored ones with the unsaved changes. */
  connections: readonly ConnectionView[];
  canManage: boolean;
  /** Enabling one more is refused (the plan's maximum of enabled channels is reached). */
  isFull: boolean;
  onChange(connection: ConnectionView, wanted: { visible: boolean; enabled: boolean }): void;
  onRequest(connection: ConnectionView): void;
  onOpen(connection: ConnectionView): void;
}

const initials = (name: string) =>
  name
    .split(/[\s/]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/**
 * One list of the Configuration tab (Channels or Connectors): a search dropdown that adds an
 * entry of the catalogue, and a row per listed connection with its state, its settings,
 * 'Request connection', enable/disable and Remove, as spec 04 section 4 offers them.
 */
export function ConnectionSection(props: ConnectionSectionProps) {
  const { title, kind, connections, canManage, isFull } = props;
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listed = connections.filter((c) => c.visible);
  const addable = addableConnections(connections, search);
  const noun = kind === 'channel' ? 'channel' : 'connector';

  const add = (connection: ConnectionView) => {
    if (!connection.isAllowed) return;
    const canEnable =
      connection.isAllowed && !connection.unavailableReason && !(kind === 'channel' && isFull);
    props.onChange(connection, { visible: true, enabled: canEnable });
    setSearch('');
    setOpen(false);
  };

  return (
    <Card title={title}>
      {canManage && (
        <div className="configuration__search">
          <input
            className="input"
            type="search"
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && addable[active] ? `${listId}-${active}` : undefined}
            aria-label={`Search a ${noun} to add`}
            placeholder={`Search a ${noun} to add`}
            value={search}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
              else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                setOpen(true);
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((at) => (addable.length === 0 ? 0 : (at + step + addable.length) % addable.length));
              } else if (event.key === 'Enter' && isOpen && addable[active]) {
                event.preventDefault();
                add(addable[active]);
              }
            }}
          />
          {isOpen && (
            <div id={listId} role="listbox" className="configuration__options" aria-label={`${title} to add`}>
              {addable.length === 0 && <div className="configuration__option--empty">Nothing to add</div>}
              {addable.map((connection, index) => (
                <div
                  key={connection.id}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  aria-disabled={!connection.isAllowed}
                  className={cx(
                    'configuration__option',
                    index === active && 'configuration__option--active',
                    !connection.isAllowed && 'configuration__option--disabled',
                  )}
                  // Chosen on mouse down: the input's blur would close the list before a click.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    add(connection);
                  }}
                >
                  <span className="configuration__icon" aria-hidden="true">
                    {initials(connection.name)}
                  </span>
                  {connection.name}
                  {!connection.isAllowed && <span className="configuration__note">Not in your plan</span>}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
      {listed.length === 0 ? (
        <p className="configuration__empty">No {noun}s yet.</p>
      ) : (
        <ul className="configuration__list" aria-label={title}>
          {listed.map((connection) => {
            const mayEnable =
              connection.enabled ||
              (connection.isAllowed && !connection.unavailableReason && !(kind === 'channel' && isFull));
            return (
              <li key={connection.id} className="configuration__row" aria-label={connection.name}>
                <span className="configuration__icon" aria-hidden="true">
                  {initials(connection.name)}
                </span>
                <span className="configuration__name">
                  {connection.name}
                  {connection.unavailableReason && (
                    <span className="configuration__note">{connection.unavailableReason}</span>
                  )}
                </span>
                <span
                  className={cx(
                    'configuration__state',
                    connection.connected && connection.enabled && 'configuration__state--open',
                  )}
                >
                  {connection.state}
                </span>
                <span className="configuration__actions">
                  {canManage && !connection.unavailableReason && (
                    <Button size="sm" variant="secondary" onClick={() => props.onOpen(connection)}>
                      Settings
                    </Button>
                  )}
                  {canManage && canRequestConnection(connection) && (
                    <Button size="sm" variant="secondary" onClick={() => props.onRequest(connection)}>
                      Request connection
                    </Button>
                  )}
                  <Toggle
                    label={<span className="visually-hidden">Enable {connection.name}</span>}
                    isChecked={connection.enabled}
                    isDisabled={!canManage || !mayEnable}
                    onChange={(enabled) => props.onChange(connection, { visible: true, enabled })}
                  />
                  {canManage && canRemoveConnection(connection) && (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => props.onChange(connection, { visible: false, enabled: false })}
                    >
                      Remove
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
