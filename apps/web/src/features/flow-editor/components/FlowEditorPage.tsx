import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../app/PageLoader';
import { useBot, useBotPermissionIds } from '../../bots';
import { DialogManager } from './DialogManager';

/** /bots/{botName}/flow (spec 03 section 2): the editor on a page of its own; ?mode=functions&item=... */
export function FlowEditorPage() {
  const { botName = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const bot = useBot(botName);
  const permissions = useBotPermissionIds(botName);
  if (!bot.data || !permissions.data) return <PageLoader label="Loading the bot" />;
  const mode = search.get('mode') === 'functions' ? 'functions' : 'intents';
  return (
    <DialogManager
      isPage
      bot={bot.data}
      permissions={permissions.data}
      mode={mode}
      initialItem={search.get('item') ?? undefined}
      onClose={() =>
        navigate(`/bots/${encodeURIComponent(botName)}/${mode === 'functions' ? 'subs' : 'intents'}`)
      }
    />
  );
}
