import { SNIPPET_MESSAGES as M, Permission, type SnippetView } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Banner, Button, Card, EmptyState, PlusIcon, popup, Spinner, TextField } from '../../../ui';
import type { SettingsTabProps } from '../../bot-settings';
import { createSnippet, listSnippets, snippetBaseUrl } from '../api/snippets-api';
import { SnippetEditor } from './SnippetEditor';
import './chat-bubble.css';

export const snippetsKey = (botName: string) => ['snippets', botName] as const;

/**
 * The Chat Bubble settings (spec 04 sections 2.1 'bubble', 3.6, 4, 5, 8, 9): the bot's snippets,
 * each with its settings, allowed origins, icons and embed code; a creation form that toggles
 * open and closed. Changes need Manage chat bubbles (19); the bot's members see the list.
 */
export function ChatBubbleTab({ bot, permissions }: SettingsTabProps) {
  const canManage = permissions.includes(Permission.ManageChatBubbles);
  const client = useQueryClient();
  const snippets = useQuery({
    queryKey: snippetsKey(bot.botName),
    queryFn: ({ signal }) => listSnippets(bot.botName, signal),
  });
  const base = useQuery({
    queryKey: ['snippets-base-url', bot.botName],
    queryFn: ({ signal }) => snippetBaseUrl(bot.botName, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [isCreating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [isBusy, setBusy] = useState(false);

  const replace = (before: string, after: SnippetView | undefined) =>
    client.setQueryData<SnippetView[]>(snippetsKey(bot.botName), (list = []) =>
      after
        ? list.some((s) => s.name === before)
          ? list.map((s) => (s.name === before ? after : s))
          : [...list, after]
        : list.filter((s) => s.name !== before),
    );

  async function create() {
    setBusy(true);
    try {
      const made = await createSnippet(bot.botName, { name: newName.trim() });
      replace(made.name, made);
      setNewName('');
      setCreating(false);
    } catch (error) {
      // A 403 goes to the central handler (spec 04 section 8); anything else is this form's failure.
      if (isApiError(error) && error.status === 403) handleApiError(error);
      else void popup.error({ title: M.createFailed, text: isApiError(error) ? error.message : '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="chat-bubble" aria-label="Chat Bubble">
      <Card
        title="Chat bubbles"
        description="A chat bubble puts the bot on any web page: paste its embed code into the page's HTML."
        actions={
          canManage && (
            <Button
              variant={isCreating ? 'secondary' : 'primary'}
              size="sm"
              icon={<PlusIcon />}
              aria-expanded={isCreating}
              aria-controls="chat-bubble-create"
              onClick={() => setCreating((open) => !open)}
            >
              {isCreating ? 'Close' : 'Add chat bubble'}
            </Button>
          )
        }
      >
        {!canManage && (
          <Banner>
            You can see the chat bubbles; changing them needs the Manage chat bubbles permission.
          </Banner>
        )}
        {isCreating && (
          <form
            id="chat-bubble-create"
            className="chat-bubble__create"
            aria-label="New chat bubble"
            onSubmit={(event) => {
              event.preventDefault();
              if (newName.trim() !== '') void create();
            }}
          >
            <TextField
              label="Name"
              hint="How you tell this bubble apart, e.g. the site it is on."
              value={newName}
              maxLength={100}
              autoFocus
              onChange={(e) => setNewName(e.target.value)}
            />
            <Button type="submit" isLoading={isBusy} disabled={newName.trim() === ''}>
              Create
            </Button>
          </form>
        )}
      </Card>
      {snippets.isPending ? (
        <Spinner label="Loading the chat bubbles" />
      ) : snippets.isError ? (
        <Banner tone="error">The chat bubbles could not be loaded.</Banner>
      ) : snippets.data.length === 0 ? (
        <EmptyState title="No chat bubble yet" description="Add one to get its embed code." />
      ) : (
        snippets.data.map((snippet) => (
          <SnippetEditor
            key={`${snippet.token}`}
            botName={bot.botName}
            snippet={snippet}
            base={base.data}
            canManage={canManage}
            onChanged={(before, after) => replace(before, after)}
          />
        ))
      )}
    </section>
  );
}
