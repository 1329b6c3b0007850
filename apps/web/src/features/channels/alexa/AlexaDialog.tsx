import { MESSAGES } from '@parley/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, popup } from '../../../ui';
import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';
import { useChannelKeys } from '../keys/use-channel-keys';
import { amazonClientIdKey, createSkill, deleteSkill, readAmazonClientId } from './alexa-skill-api';
import { signInWithAmazon } from './login-with-amazon';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** A refused call: a 403 goes to the central permission handler (spec 04 section 8), else 'Error!' with the reason. */
function callFailed(error: unknown) {
  if (isApiError(error) && error.status === 403) return handleApiError(error);
  void popup.error({
    title: MESSAGES.errorTitle,
    text: error instanceof Error ? error.message : String(error),
  });
}

/**
 * 'Create skill' and 'Delete skill' (spec 04 section 7.1), offered only where the operator set up
 * Login with Amazon: each signs in with Amazon in a window of its own, then Parley calls the Skill
 * Management API with that sign-in's token.
 */
function SkillActions({
  botName,
  clientId,
  keys,
}: {
  botName: string;
  clientId: string;
  keys: ChannelKeysAnswer;
}) {
  const { accept, reload } = useChannelKeys(botName, 'amazon');
  const skillId = textOf(keys.skillId);
  const skillName = textOf(keys.skillName) || botName;
  const create = useMutation({
    mutationFn: async () => createSkill(botName, await signInWithAmazon(clientId), skillName),
    onSuccess: async (answer) => {
      await accept(answer);
      void popup.info({ title: 'Success!', text: `The skill ${skillName} was created for this bot.` });
    },
    onError: (error) => {
      // A skill Amazon created but whose model it refused is stored all the same: show it.
      void reload();
      callFailed(error);
    },
    meta: { handlesErrors: true },
  });
  const remove = useMutation({
    mutationFn: async () => deleteSkill(botName, await signInWithAmazon(clientId)),
    onSuccess: async (answer) => {
      await accept(answer);
      void popup.info({ title: 'Deleted!' });
    },
    onError: callFailed,
    meta: { handlesErrors: true },
  });
  const confirmDelete = async () => {
    const isSure = await popup.confirm({
      title: 'Delete skill',
      text: `Delete the Alexa skill ${textOf(keys.skillName) || skillId} from your Amazon developer account?`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (isSure) remove.mutate();
  };
  return skillId === '' ? (
    <>
      <p>
        Or let Parley create the skill on your Amazon developer account: sign in with Amazon, and Parley
        creates a skill named {skillName} (the saved skill name) with this endpoint and its interaction model.
      </p>
      <div className="channel-keys__actions">
        <Button variant="secondary" onClick={() => create.mutate()} isLoading={create.isPending}>
          Create skill
        </Button>
      </div>
    </>
  ) : (
    <div className="channel-keys__actions">
      <Button variant="secondary" onClick={() => void confirmDelete()} isLoading={remove.isPending}>
        Delete skill
      </Button>
    </div>
  );
}

function AlexaSkillState({ botName, keys }: { botName: string; keys: ChannelKeysAnswer }) {
  // Answers null where the operator has not set up Login with Amazon: the manual set-up only.
  const clientId = useQuery({
    queryKey: amazonClientIdKey,
    queryFn: ({ signal }) => readAmazonClientId(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const skillId = textOf(keys.skillId);
  return (
    <div role="status">
      <p className="channel-keys__state">Status: {skillId !== '' ? `Skill ${skillId}` : 'No skill yet'}</p>
      {skillId === '' && (
        <p>
          Create a custom skill in the Alexa developer console, set its HTTPS endpoint to the skill endpoint
          above (shown once the keys are saved), give it the interaction model the user manual lists, and
          enter its skill ID here.
        </p>
      )}
      {typeof clientId.data === 'string' && (
        <SkillActions botName={botName} clientId={clientId.data} keys={keys} />
      )}
    </div>
  );
}

/**
 * Amazon Alexa's settings (spec 04 sections 3.4 and 7.1): the skill's ID and name, the word options
 * are read out with, the skill endpoint to enter in the Alexa developer console, and 'Create skill' /
 * 'Delete skill' where the operator set up Login with Amazon.
 */
export function AlexaDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="amazon"
      title="Amazon Alexa"
      description="Answer your users by voice through your Alexa skill."
      fields={['skillId', 'skillName', 'optionsMessage', 'endpointUrl']}
      onClose={onClose}
    >
      {(keys) => <AlexaSkillState botName={bot.botName} keys={keys} />}
    </ChannelKeysDialog>
  );
}
