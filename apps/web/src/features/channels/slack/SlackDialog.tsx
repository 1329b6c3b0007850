import { buttonClassName } from '../../../ui';
import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';
import { useChannelKeys } from '../keys/use-channel-keys';
import { installToOpen } from './slack-install';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where the app is installed, and 'Add to Slack' once the app's credentials are saved. */
function SlackInstallState({ keys }: { keys: ChannelKeysAnswer }) {
  const workspace = textOf(keys.teamName);
  const install = textOf(keys.redirectAction);
  return (
    <div role="status">
      <p className="channel-keys__state">
        Status: {workspace !== '' ? `Installed in ${workspace}` : 'Not installed'}
      </p>
      {install === '' ? (
        <p>
          Create a Slack app, copy its client ID, client secret and signing secret here and save. Then enter
          the URLs above in the app and press 'Add to Slack'.
        </p>
      ) : (
        <>
          {workspace === '' && (
            <p>
              Enter the Redirect URL and the request URL above in your Slack app, then press 'Add to Slack' to
              install it in your workspace.
            </p>
          )}
          <div className="channel-keys__actions">
            <a className={buttonClassName(workspace === '' ? 'primary' : 'secondary')} href={install}>
              Add to Slack
            </a>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Slack's settings (spec 04 sections 3.4 and 7.1): the Slack app's client ID, client secret and
 * signing secret (and a bot token, which 'Add to Slack' fills in), the Redirect URL and the
 * Event Subscriptions / Interactivity request URL to copy into the app, and 'Add to Slack'
 * (redirectAction), also opened after a save while the app is not installed yet.
 */
export function SlackDialog({ bot, onClose }: ChannelDialogProps) {
  const { keys } = useChannelKeys(bot.botName, 'slack');
  const before = keys.data;

  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="slack"
      title="Slack"
      description="Answer your users in Slack, in direct messages and when they mention your Slack app."
      fields={[
        'clientId',
        'clientSecret',
        'signingSecret',
        'botToken',
        'redirectUrl',
        'eventSubscriptionUrl',
      ]}
      onClose={onClose}
      onSaved={(saved) => {
        const install = installToOpen(saved, before);
        // Slack's install page brings the browser back to this bot's Configuration tab.
        if (install) window.location.assign(install);
      }}
    >
      {(answer) => <SlackInstallState keys={answer} />}
    </ChannelKeysDialog>
  );
}
