import { Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, Spinner, Tabs } from '../../../ui';
import { useRouteFallback } from '../../bot-content';
import type { BotTabProps } from '../../bots';
import { SETTINGS_MESSAGES as M } from '../settings-messages';
import {
  availableSettingsTabs,
  defaultSettingsTab,
  type SettingsSaveAction,
  settingsPath,
  settingsTabNamed,
} from '../settings-tabs';
import { SaveSettingsButton } from './SaveSettingsButton';
import '../bot-settings.css';

/**
 * The Settings tab of the bot page (spec 04 sections 2.1 and 2.3): the settings tab bar and the
 * tab of /bots/{botName}/settings/{settingsTab}, whose value arrives as the route's element.
 * A missing or unknown value is replaced by the default tab. 'Save settings' shows while the
 * open tab has registered a save the caller may run.
 */
export function SettingsFrame({ bot, permissions, element }: BotTabProps) {
  const navigate = useNavigate();
  const tabs = availableSettingsTabs(permissions);
  const current = settingsTabNamed(element, tabs);
  const fallback = defaultSettingsTab(tabs);
  const [saveAction, setSaveAction] = useState<SettingsSaveAction>();
  const registerSaveAction = useCallback(
    (action: SettingsSaveAction | undefined) => setSaveAction(action),
    [],
  );

  useRouteFallback({
    isNeeded: !current,
    fallbackPath: fallback && settingsPath(bot.botName, fallback.id),
    navigate: (path) => navigate(path, { replace: true }),
  });

  if (!fallback) return <EmptyState title={M.nothingBuilt} />;
  if (!current) return <Spinner label={M.loadingTab} />;

  const { Panel } = current;
  const canSave = saveAction?.anyOf.some((p) => permissions.includes(p)) ?? false;

  return (
    <div className="bot-settings">
      <Tabs
        className="bot-settings__tabs"
        label={M.tabBar}
        tabs={tabs.filter((t) => !t.isHiddenFromBar).map((t) => ({ id: t.id, label: t.title }))}
        selectedId={current.id}
        onSelect={(id) => navigate(settingsPath(bot.botName, id))}
      >
        <Suspense fallback={<Spinner label={M.loadingTab} />}>
          <Panel
            key={current.id}
            bot={bot}
            permissions={permissions}
            registerSaveAction={registerSaveAction}
          />
        </Suspense>
      </Tabs>
      {canSave && saveAction && (
        <div className="bot-settings__actions">
          <SaveSettingsButton action={saveAction} />
        </div>
      )}
    </div>
  );
}
