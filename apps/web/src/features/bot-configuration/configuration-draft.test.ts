import { type BotConfigurationView, type ConnectionView, connectionState } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  addableConnections,
  configurationBody,
  configurationWithDraft,
  EMPTY_DRAFT,
  isDraftEmpty,
  withConnection,
  withEngine,
} from './configuration-draft';

const connection = (id: string, flags: Partial<ConnectionView> = {}): ConnectionView => {
  const base = {
    id,
    kind: 'channel' as const,
    name: id[0]?.toUpperCase() + id.slice(1),
    icon: id,
    connected: false,
    enabled: false,
    visible: false,
    requested: false,
    isAllowed: true,
    settingsDialog: null,
    unavailableReason: null,
    ...flags,
  };
  return { ...base, state: connectionState(base) };
};

const view = (): BotConfigurationView => ({
  channels: [
    connection('slack', { visible: true, enabled: true }),
    connection('kik', { visible: true }),
    connection('discord'),
  ],
  systems: [connection('sap', { kind: 'system' })],
  engines: [{ id: 'intentRecognizer', name: 'Intent recognizer', options: [], selectedProvider: 'parley' }],
  limits: { allowedChannels: null, maxEnabledChannels: 1, enabledChannels: 1 },
});

describe('the Configuration tab draft', () => {
  test('shows changes over what is stored, with states and the enabled count following', () => {
    const stored = view();
    let draft = withConnection(EMPTY_DRAFT, stored.channels[2] as ConnectionView, {
      visible: true,
      enabled: true,
    });
    draft = withConnection(draft, stored.channels[0] as ConnectionView, { visible: true, enabled: false });
    const shown = configurationWithDraft(stored, draft);
    expect(shown.channels.map((c) => [c.id, c.visible, c.state])).toEqual([
      ['slack', true, 'Not connected, Disabled'],
      ['kik', true, 'Not connected, Disabled'],
      ['discord', true, 'Not connected, Enabled'],
    ]);
    expect(shown.limits.enabledChannels).toBe(1);
  });

  test('a change back to what is stored leaves nothing to save', () => {
    const stored = view();
    const slack = stored.channels[0] as ConnectionView;
    let draft = withConnection(EMPTY_DRAFT, slack, { visible: true, enabled: false });
    draft = withConnection(draft, slack, { visible: true, enabled: true });
    draft = withEngine(draft, stored, 'intentRecognizer', null);
    draft = withEngine(draft, stored, 'intentRecognizer', 'parley');
    expect(isDraftEmpty(draft)).toBe(true);
    expect(configurationBody(stored, draft)).toEqual({});
  });

  test('the body sends removals, then disablings, then enablings, so a swap fits the plan', () => {
    const stored = view();
    const [slack, kik, discord] = stored.channels as [ConnectionView, ConnectionView, ConnectionView];
    let draft = withConnection(EMPTY_DRAFT, discord, { visible: true, enabled: true });
    draft = withConnection(draft, slack, { visible: true, enabled: false });
    draft = withConnection(draft, kik, { visible: false, enabled: false });
    draft = withEngine(draft, stored, 'intentRecognizer', null);
    expect(configurationBody(stored, draft)).toEqual({
      channels: [
        { name: 'kik', visible: false },
        { name: 'slack', visible: true, enabled: false },
        { name: 'discord', visible: true, enabled: true },
      ],
      engines: [{ id: 'intentRecognizer', selectedProvider: null }],
    });
  });

  test('the search offers the entries not listed yet whose name holds the text', () => {
    const stored = view();
    expect(addableConnections(stored.channels, '').map((c) => c.id)).toEqual(['discord']);
    expect(addableConnections(stored.channels, ' DIS ').map((c) => c.id)).toEqual(['discord']);
    expect(addableConnections(stored.channels, 'tele')).toEqual([]);
  });
});
