import { type BotConfigurationView, CONFIGURATION_PERMISSIONS, type ConnectionView } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { popup } from '../../../ui';
import type { SettingsSaveAction } from '../../bot-settings';
import { BOT_KEYS } from '../../bots';
import { fetchConfiguration, saveConfiguration } from '../api/configuration-api';
import {
  type ConfigurationDraft,
  configurationBody,
  configurationWithDraft,
  EMPTY_DRAFT,
  isDraftEmpty,
  withConnection,
} from '../configuration-draft';

export const configurationKey = (botName: string) => [...BOT_KEYS.bot(botName), 'configuration'];

/**
 * The stored configuration, the tab's unsaved changes on it, and the frame's save action:
 * 'Save settings' sends the changes, keeps the answer and shows its warnings (an engine that
 * lacks the bot's language).
 */
export function useConfiguration(
  botName: string,
  registerSaveAction: (action: SettingsSaveAction | undefined) => void,
) {
  const client = useQueryClient();
  const stored = useQuery({
    queryKey: configurationKey(botName),
    queryFn: ({ signal }) => fetchConfiguration(botName, signal),
  });
  const [draft, setDraft] = useState<ConfigurationDraft>(EMPTY_DRAFT);
  const latest = useRef({ stored: stored.data, draft });
  latest.current = { stored: stored.data, draft };

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: Object.values(CONFIGURATION_PERMISSIONS),
      save: async () => {
        const { stored: view, draft: changes } = latest.current;
        if (!view || isDraftEmpty(changes)) return;
        const { warnings, ...saved } = await saveConfiguration(botName, configurationBody(view, changes));
        client.setQueryData<BotConfigurationView>(configurationKey(botName), saved);
        setDraft(EMPTY_DRAFT);
        // The engine choice is part of the bot's settings (the intents and entities tabs follow it).
        await client.invalidateQueries({ queryKey: BOT_KEYS.bot(botName), exact: true });
        for (const warning of warnings) void popup.warning({ title: 'Warning', text: warning });
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [botName, client, registerSaveAction]);

  const shown = stored.data ? configurationWithDraft(stored.data, draft) : undefined;
  const refresh = () => client.invalidateQueries({ queryKey: configurationKey(botName) });

  /**
   * Saves one connection the tab added but did not save yet, alone (a connection request needs
   * it in the bot's list); the tab's other changes still wait for 'Save settings'.
   */
  const saveAddition = async (connection: ConnectionView) => {
    const view = latest.current.stored;
    const original =
      view &&
      [...view.channels, ...view.systems].find((c) => c.id === connection.id && c.kind === connection.kind);
    if (!view || !original || original.visible) return;
    const wanted = { visible: true, enabled: connection.enabled };
    const body = configurationBody(view, withConnection(EMPTY_DRAFT, original, wanted));
    const { warnings: _none, ...saved } = await saveConfiguration(botName, body);
    client.setQueryData<BotConfigurationView>(configurationKey(botName), saved);
    const now = [...saved.channels, ...saved.systems].find(
      (c) => c.id === connection.id && c.kind === connection.kind,
    );
    if (now) setDraft((current) => withConnection(current, now, wanted));
  };
  return { stored, shown, draft, setDraft, refresh, saveAddition };
}
