import { type ApiKeyView, type BotDetails, EXTERNAL_API_MESSAGES as M, MESSAGES } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import {
  Banner,
  Button,
  CopyValue,
  EmptyState,
  formatDateTime,
  KeyIcon,
  Modal,
  popup,
  Spinner,
  Table,
  type TableColumn,
  TextField,
  Toggle,
  TrashIcon,
} from '../../../ui';
import { keysSaveFailed } from '../keys/use-channel-keys';
import { lifetimeSecondsOf, minutesOf, TIMEOUT_MINUTES } from './conversation-timeout';
import {
  deleteApiKey,
  externalApiKey,
  generateApiKey,
  readExternalApi,
  updateApiKeys,
} from './external-api-client';
import './external-api.css';

/**
 * The External API channel's settings (spec 04 sections 2.3, 3.4, 5, 7.1, 8, 9): the Direct Line
 * address, the bot's API keys (a new one shown once, to copy; each locked or unlocked at once, or
 * deleted after confirmation) and the conversation timeout, shown in minutes and sent in seconds.
 * Everything here needs Manage API keys (29).
 */
export function ExternalApiSettings({ botName }: { botName: string }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: externalApiKey(botName),
    queryFn: ({ signal }) => readExternalApi(botName, signal),
    retry: false,
  });
  const [newKey, setNewKey] = useState<string | undefined>(undefined);
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  const [isGenerating, setGenerating] = useState(false);
  const [minutes, setMinutes] = useState<string | undefined>(undefined);
  const [isSaving, setSaving] = useState(false);

  const refresh = () => client.invalidateQueries({ queryKey: externalApiKey(botName) });
  const busy = (keyId: string, isBusy: boolean) =>
    setBusyKeys((keys) => {
      const next = new Set(keys);
      if (isBusy) next.add(keyId);
      else next.delete(keyId);
      return next;
    });

  if (query.isPending) return <Spinner label="Loading the API keys" />;
  if (query.isError) {
    const isForbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <Banner tone={isForbidden ? 'warning' : 'error'}>
        {isForbidden ? 'You do not have permission to view the content' : 'The API keys could not be loaded.'}
      </Banner>
    );
  }
  const settings = query.data;
  const shownMinutes = minutes ?? minutesOf(settings.conversationIdLifeTime);
  const lifetime = lifetimeSecondsOf(shownMinutes);

  async function generate() {
    setGenerating(true);
    try {
      const made = await generateApiKey(botName);
      setNewKey(made.apiKey);
      await refresh();
    } catch (error) {
      if (isApiError(error) && error.status === 403) handleApiError(error);
      else
        void popup.error({
          title: MESSAGES.errorTitle,
          text: isApiError(error) ? error.message : M.updateFailed,
        });
    } finally {
      setGenerating(false);
    }
  }

  async function setLocked(key: ApiKeyView, isLocked: boolean) {
    busy(key.keyId, true);
    try {
      await updateApiKeys(botName, { apiKeys: { [key.keyId]: { isLocked } } });
      await refresh();
    } catch (error) {
      keysSaveFailed(error);
    } finally {
      busy(key.keyId, false);
    }
  }

  async function remove(key: ApiKeyView) {
    const isSure = await popup.confirm({ title: M.deleteConfirm, actionText: 'Delete', isDanger: true });
    if (!isSure) return;
    busy(key.keyId, true);
    try {
      await deleteApiKey(botName, key.keyId);
      await refresh();
      void popup.info({ title: 'Deleted!' });
    } catch (error) {
      keysSaveFailed(error);
    } finally {
      busy(key.keyId, false);
    }
  }

  async function saveLifetime() {
    if (lifetime === undefined) return;
    setSaving(true);
    try {
      await updateApiKeys(botName, { apiKeys: {}, conversationIdLifeTime: lifetime });
      await refresh();
      setMinutes(undefined);
      void popup.info({ title: 'Saved!' });
    } catch (error) {
      keysSaveFailed(error);
    } finally {
      setSaving(false);
    }
  }

  const columns: TableColumn<ApiKeyView>[] = [
    {
      key: 'key',
      header: 'Key',
      render: (key) => (
        <span className="external-api__key">
          <code>prl_{key.keyId}_</code>
          <span>{key.hint}</span>
        </span>
      ),
    },
    { key: 'created', header: 'Created', render: (key) => formatDateTime(key.createdAt) },
    {
      key: 'locked',
      header: 'Locked',
      render: (key) => (
        <Toggle
          label={<span className="visually-hidden">Lock key ending in {key.hint.slice(1)}</span>}
          isChecked={key.isLocked}
          isDisabled={busyKeys.has(key.keyId)}
          onChange={(isLocked) => void setLocked(key, isLocked)}
        />
      ),
    },
    {
      key: 'delete',
      header: <span className="visually-hidden">Delete</span>,
      align: 'end',
      render: (key) => (
        <Button
          variant="ghost"
          size="sm"
          icon={<TrashIcon />}
          disabled={busyKeys.has(key.keyId)}
          aria-label={`Delete key ending in ${key.hint.slice(1)}`}
          onClick={() => void remove(key)}
        />
      ),
    },
  ];

  return (
    <div className="external-api">
      <section aria-label="Direct Line">
        <CopyValue
          label="Direct Line URL"
          value={settings.directLineUrl}
          hint="Bot Framework Direct Line 3.0 clients (Web Chat, botframework-directlinejs) use this as their domain, with an API key as the secret."
        />
      </section>

      <section className="external-api__keys" aria-label="API keys">
        <div className="external-api__heading">
          <h3>API keys</h3>
          <Button size="sm" icon={<KeyIcon />} isLoading={isGenerating} onClick={() => void generate()}>
            Generate key
          </Button>
        </div>
        {newKey && (
          <Banner tone="warning">
            <CopyValue
              label="New API key"
              value={newKey}
              hint="Copy it now: it is shown only this once. Parley keeps only a fingerprint of it."
            />
          </Banner>
        )}
        {settings.apiKeys.length === 0 ? (
          <EmptyState
            title="No API key yet"
            description="Generate one to let an application talk to this bot."
          />
        ) : (
          <Table
            caption="API keys"
            columns={columns}
            rows={settings.apiKeys}
            rowKey={(key) => key.keyId}
            isRowBusy={(key) => busyKeys.has(key.keyId)}
          />
        )}
        <p className="external-api__hint">
          A locked key, and every conversation started with it, is refused at once.
        </p>
      </section>

      <form
        className="external-api__lifetime"
        aria-label="Conversation timeout"
        onSubmit={(event) => {
          event.preventDefault();
          void saveLifetime();
        }}
      >
        <TextField
          label="Conversation timeout (minutes)"
          type="number"
          inputMode="numeric"
          min={TIMEOUT_MINUTES.min}
          max={TIMEOUT_MINUTES.max}
          step={1}
          value={shownMinutes}
          error={
            lifetime === undefined
              ? `From ${TIMEOUT_MINUTES.min} to ${TIMEOUT_MINUTES.max} minutes.`
              : undefined
          }
          hint="A conversation quiet for longer ends; the application then starts a new one."
          onChange={(event) => setMinutes(event.target.value)}
        />
        <Button
          type="submit"
          isLoading={isSaving}
          disabled={lifetime === undefined || lifetime === settings.conversationIdLifeTime}
        >
          Save
        </Button>
      </form>
    </div>
  );
}

/** The API channel's settings dialog, as the Configuration tab opens a channel's dialog. */
export function ExternalApiDialog({ bot, onClose }: { bot: Pick<BotDetails, 'botName'>; onClose(): void }) {
  return (
    <Modal
      title="API"
      description="Let your own applications talk to the bot over Bot Framework Direct Line 3.0."
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ExternalApiSettings botName={bot.botName} />
    </Modal>
  );
}
