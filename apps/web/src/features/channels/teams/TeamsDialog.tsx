import { useQuery } from '@tanstack/react-query';
import { Banner, buttonClassName, Spinner } from '../../../ui';
import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';
import { readTeamsAddUrl, teamsAddUrlKey } from './teams-api';

/** 'Add to Teams' (spec 04 sections 4 and 7.1): the link Parley answers once Microsoft accepted the keys. */
function AddToTeams({ botName, appId }: { botName: string; appId: string }) {
  const addUrl = useQuery({
    queryKey: teamsAddUrlKey(botName, appId),
    queryFn: ({ signal }) => readTeamsAddUrl(botName, signal),
    retry: false,
  });
  if (addUrl.isPending) return <Spinner label="Getting the Add to Teams link" />;
  if (addUrl.isError) return <Banner tone="error">{addUrl.error.message}</Banner>;
  return (
    <div className="channel-keys__actions">
      <a
        className={buttonClassName('secondary')}
        href={addUrl.data.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Add to Teams
      </a>
    </div>
  );
}

function TeamsState({ botName, keys }: { botName: string; keys: ChannelKeysAnswer }) {
  const isEnabled = keys.isEnabled === true;
  return (
    <div role="status">
      <p className="channel-keys__state">Status: {isEnabled ? 'Enabled' : 'Not enabled'}</p>
      {isEnabled ? (
        <AddToTeams botName={botName} appId={String(keys.appId ?? '')} />
      ) : (
        <p>
          Enter your Azure bot's Microsoft App ID and password and choose Enable teams: Parley checks them
          with Microsoft. Then set the messaging endpoint above in your Azure bot's configuration.
        </p>
      )}
    </div>
  );
}

/**
 * Microsoft Teams' settings (spec 04 sections 3.4, 4 and 7.1): the Azure bot's app id and
 * password, the conversation timeout, the messaging endpoint to copy into Azure, 'Enable teams'
 * (the save: Microsoft checks the keys, loading until the answer; the app id and password are
 * needed for it) and 'Add to Teams' once enabled.
 */
export function TeamsDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="teams"
      title="Microsoft Teams"
      description="Answer your users in Microsoft Teams through your Azure bot."
      fields={['appId', 'appPassword', 'appTenantId', 'messagesTimeout', 'messagingEndpoint']}
      saveLabel="Enable teams"
      // Without both, Microsoft has nothing to check: the save would enable nothing.
      required={{ names: ['appId', 'appPassword'], purpose: 'enable Teams' }}
      onClose={onClose}
    >
      {(keys) => <TeamsState botName={bot.botName} keys={keys} />}
    </ChannelKeysDialog>
  );
}
