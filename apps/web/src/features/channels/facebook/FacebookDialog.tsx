import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

/** Connected once Facebook accepted the page access token for the page entered (isValidated). */
function FacebookConnectionState({ keys }: { keys: ChannelKeysAnswer }) {
  const isConnected = keys.isValidated === true;
  const pageName = typeof keys.pageName === 'string' ? keys.pageName : '';
  const hasWebhook = typeof keys.callbackUrl === 'string' && keys.callbackUrl !== '';
  return (
    <div role="status">
      <p className="channel-keys__state">
        Status: {isConnected ? `Connected${pageName ? ` to ${pageName}` : ''}` : 'Disconnected'}
      </p>
      {!isConnected && (
        <p>
          Enter your Meta app's ID and secret, and your page's ID and page access token, then save: Parley
          checks the token with Facebook.
        </p>
      )}
      {hasWebhook ? (
        <p>
          In your Meta app, under Messenger, Webhooks, enter the callback URL and verify token above, and
          subscribe your page to the messages and messaging_postbacks fields.
        </p>
      ) : (
        <p>Save once to get the callback URL and verify token to enter in your Meta app.</p>
      )}
    </div>
  );
}

/**
 * Facebook Messenger's settings (spec 04 sections 3.4 and 7.1): the Meta app's ID and secret, the
 * page's ID and access token, the callback URL and verify token to copy into Meta's webhook
 * settings, and whether Facebook accepted the page token.
 */
export function FacebookDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="facebook"
      title="Facebook Messenger"
      description="Answer the messages your Facebook page gets in Messenger."
      fields={['appId', 'appSecret', 'pages[0].id', 'pages[0].accessToken', 'callbackUrl', 'verifyToken']}
      onClose={onClose}
    >
      {(keys) => <FacebookConnectionState keys={keys} />}
    </ChannelKeysDialog>
  );
}
