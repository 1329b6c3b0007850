import { emptyTrace } from '@parley/runtime';
import { isRemovalRequest } from '../../gdpr/turn-privacy';
import { removeUserUploads } from '../../gdpr/user-uploads';
import type { TurnStep } from './turn';

/**
 * GDPR (spec 04 section 3.7): a request to remove the user's data removes their other
 * conversations and empties this one, and the files they uploaded go from the blob store; the user
 * hears the removal message, and the request itself is not logged (it would be the first record
 * of the removed user).
 */
export const dataRemovalStep = {
  name: 'data-removal',
  async run(turn) {
    if (!isRemovalRequest(turn.gdpr, turn.activity)) return undefined;
    const { userKey } = turn.origin;
    const conversations = await turn.scope
      .conversations(turn.bot.id)
      .removeUserData(userKey, turn.conversation.id);
    await removeUserUploads(turn.ctx, turn.scope, turn.bot, userKey, conversations);
    turn.outcome = {
      activities: [{ type: 'text', text: turn.gdpr.removeUserDataMessage }],
      trace: emptyTrace(),
      state: {},
    };
    turn.log = { isUserTurnLogged: false, isUserRecorded: true, isAnswerRecorded: true };
    return undefined;
  },
} satisfies TurnStep;
