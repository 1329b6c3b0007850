import {
  CONFIGURATION_PERMISSIONS,
  type ConnectionView,
  CONFIGURATION_MESSAGES as M,
} from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../api/error-reactions';
import { Banner, Card, EmptyState, popup, Select, Spinner } from '../../../ui';
import { type SettingsTabProps, settingsPath } from '../../bot-settings';
import { requestConnection } from '../api/configuration-api';
import { withConnection, withEngine } from '../configuration-draft';
import { useConfiguration } from '../hooks/use-configuration';
import { ChannelDialog, settingsTabOf } from './ChannelDialog';
import { ConnectionSection } from './ConnectionSection';
import './configuration.css';

const NONE = '';

/**
 * The Configuration tab (spec 04 sections 2.3, 3.2, 3.3, 4, 5 and 6): Channels, Engines and
 * Connectors. Adding, removing, enabling and disabling and the engine choices wait for 'Save
 * settings'; 'Request connection' (saving the connection first when it was just added) and the
 * channels' own dialogs act at once.
 */
export function ConfigurationTab({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const navigate = useNavigate();
  const { stored, shown, setDraft, refresh, saveAddition } = useConfiguration(
    bot.botName,
    registerSaveAction,
  );
  const [opened, setOpened] = useState<ConnectionView>();
  const may = (permission: number) => permissions.includes(permission);

  if (stored.isPending) return <Spinner label="Loading the configuration" />;
  if (stored.isError || !shown) return <EmptyState title="The configuration could not be loaded" />;
  const view = stored.data;
  const { limits } = shown;
  const isFull = limits.maxEnabledChannels !== null && limits.enabledChannels >= limits.maxEnabledChannels;

  const change = (connection: ConnectionView, wanted: { visible: boolean; enabled: boolean }) => {
    const original = [...view.channels, ...view.systems].find(
      (c) => c.id === connection.id && c.kind === connection.kind,
    );
    if (original) setDraft((draft) => withConnection(draft, original, wanted));
  };
  /** A connection added on the tab but not saved is saved with its request (it needs to be listed). */
  const request = async (connection: ConnectionView) => {
    const isSaved = [...view.channels, ...view.systems].some(
      (c) => c.id === connection.id && c.kind === connection.kind && c.visible,
    );
    const explanation = M.requestExplanation[connection.kind];
    const isSure = await popup.confirm({
      title: `Request ${connection.name}`,
      text: isSaved ? explanation : `${explanation} ${M.savedWithRequest(connection.name)}`,
      actionText: 'Send request',
    });
    if (!isSure) return;
    try {
      if (!isSaved) await saveAddition(connection);
      const { message } = await requestConnection(bot.botName, connection.kind, connection.id);
      await refresh();
      void popup.info({ title: message });
    } catch (error) {
      handleApiError(error);
      await refresh();
    }
  };
  const open = (connection: ConnectionView) => {
    const settingsTab = settingsTabOf(connection);
    if (settingsTab) navigate(settingsPath(bot.botName, settingsTab));
    else setOpened(connection);
  };
  const canChooseEngines = may(CONFIGURATION_PERMISSIONS.engines);

  return (
    <section className="configuration" aria-label="Configuration">
      {limits.maxEnabledChannels !== null && (
        <Banner tone={isFull ? 'warning' : 'info'}>
          {`Enabled channels: ${limits.enabledChannels} of ${limits.maxEnabledChannels} your plan allows (the Test Chat does not count).`}
        </Banner>
      )}
      <ConnectionSection
        title="Channels"
        kind="channel"
        connections={shown.channels}
        canManage={may(CONFIGURATION_PERMISSIONS.channel)}
        isFull={isFull}
        onChange={change}
        onRequest={(c) => void request(c)}
        onOpen={open}
      />
      <Card title="Engines" description="Which engine recognises intents and extracts entities for this bot.">
        <div className="configuration__engines">
          {shown.engines.map((category) => (
            <Select
              key={category.id}
              label={category.name}
              value={category.selectedProvider ?? NONE}
              disabled={!canChooseEngines}
              options={[
                { value: NONE, label: 'None' },
                ...category.options.map((option) => ({
                  value: option.provider,
                  label: option.disabled ? `${option.name} (not available)` : option.name,
                  isDisabled: option.disabled,
                })),
              ]}
              onChange={(event) =>
                setDraft((draft) => withEngine(draft, view, category.id, event.target.value || null))
              }
            />
          ))}
        </div>
      </Card>
      <ConnectionSection
        title="Connectors"
        kind="system"
        connections={shown.systems}
        canManage={may(CONFIGURATION_PERMISSIONS.system)}
        isFull={false}
        onChange={change}
        onRequest={(c) => void request(c)}
        onOpen={open}
      />
      {opened && (
        <ChannelDialog
          bot={bot}
          connection={opened}
          onClose={() => {
            setOpened(undefined);
            void refresh();
          }}
        />
      )}
    </section>
  );
}
