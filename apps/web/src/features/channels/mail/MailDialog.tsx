import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, popup, TextField } from '../../../ui';
import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';
import { useChannelKeys } from '../keys/use-channel-keys';
import { connectMail, disconnectMail } from './mail-channel-api';
import './mail-dialog.css';
import { type MailConnectErrors, mailConnectBodyOf } from './mail-connect-form';

/** The mail dialog's toasts (spec 04 section 8). */
export const MAIL_DIALOG_TEXTS = {
  connect: 'Connect',
  disconnect: 'Disconnect',
  connected: 'Connected!',
  disconnected: 'Disconnected!',
  connectionFailed: 'Connection failed!',
  disconnectionFailed: 'Disconnection failed!',
} as const;

/** A call refused: a 403 goes to the central permission handler; else the toast with the server's reason. */
function failed(title: string, error: unknown) {
  if (isApiError(error) && error.status === 403) return handleApiError(error);
  void popup.error({ title, ...(isApiError(error) && error.message ? { text: error.message } : {}) });
}

function ConnectForm({ botName, lastAddress }: { botName: string; lastAddress: string }) {
  const { accept } = useChannelKeys(botName, 'mail');
  const [emailAddress, setEmailAddress] = useState(lastAddress);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<MailConnectErrors>({});
  const connect = useMutation({
    mutationFn: (body: { emailAddress: string; password: string }) => connectMail(botName, body),
    onSuccess: accept,
    meta: { handlesErrors: true },
  });

  const submit = async () => {
    const checked = mailConnectBodyOf({ emailAddress, password });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await connect.mutateAsync(checked.body);
      setPassword('');
      void popup.info({ title: MAIL_DIALOG_TEXTS.connected });
    } catch (error) {
      failed(MAIL_DIALOG_TEXTS.connectionFailed, error);
    }
  };

  return (
    <form
      className="channel-keys__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        name="emailAddress"
        label="E-mail address"
        type="email"
        autoComplete="off"
        required
        value={emailAddress}
        error={errors.emailAddress}
        onChange={(event) => setEmailAddress(event.target.value)}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="channel-keys__actions">
        <Button type="submit" isLoading={connect.isPending}>
          {MAIL_DIALOG_TEXTS.connect}
        </Button>
      </div>
    </form>
  );
}

function ConnectedMailbox({ botName, emailAddress }: { botName: string; emailAddress: string }) {
  const { accept } = useChannelKeys(botName, 'mail');
  const disconnect = useMutation({
    mutationFn: () => disconnectMail(botName),
    onSuccess: accept,
    meta: { handlesErrors: true },
  });
  const onDisconnect = async () => {
    try {
      await disconnect.mutateAsync();
      void popup.info({ title: MAIL_DIALOG_TEXTS.disconnected });
    } catch (error) {
      failed(MAIL_DIALOG_TEXTS.disconnectionFailed, error);
    }
  };
  return (
    <>
      <p className="channel-keys__state" role="status">
        Status: Connected to <strong>{emailAddress}</strong>
      </p>
      <p className="mail-dialog__help">The bot answers the mails sent to this address.</p>
      <div className="channel-keys__actions">
        <Button variant="danger" onClick={onDisconnect} isLoading={disconnect.isPending}>
          {MAIL_DIALOG_TEXTS.disconnect}
        </Button>
      </div>
    </>
  );
}

function MailState({ botName, keys }: { botName: string; keys: ChannelKeysAnswer }) {
  const emailAddress = typeof keys.emailAddress === 'string' ? keys.emailAddress : '';
  if (keys.isEnabled === true) return <ConnectedMailbox botName={botName} emailAddress={emailAddress} />;
  return (
    <>
      <p className="channel-keys__state" role="status">
        Status: Disconnected
      </p>
      <p className="mail-dialog__help">
        Enter the address and password of the mailbox the bot answers. Parley signs in to it to check them
        before it connects.
      </p>
      <ConnectForm botName={botName} lastAddress={emailAddress} />
    </>
  );
}

/**
 * Office 365 / Email's settings (spec 04 sections 3.4, 4, 5, 7.1 and 8): while disconnected, the
 * mailbox's address and password with Connect (the server signs in before it saves); while
 * connected, the address with Disconnect. Both show a running indicator and their toasts.
 */
export function MailDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="mail"
      title="Office 365 / Email"
      description="Answer the e-mails sent to your mailbox."
      fields={[]}
      onClose={onClose}
    >
      {(keys) => <MailState botName={bot.botName} keys={keys} />}
    </ChannelKeysDialog>
  );
}
