import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

/**
 * Spec 04 section 7.1's Alexa calls: the operator's Login with Amazon client id (none when the
 * operator has not set it up: the dialog then offers the manual set-up only), and creating or
 * deleting the bot's skill with the tokens of the sign-in.
 */
export const amazonClientIdKey = ['amazon', 'clientId'] as const;

export async function readAmazonClientId(signal?: AbortSignal): Promise<string | null> {
  try {
    return (await api.get<{ clientId: string }>('/api/amazon/clientId', signal)).clientId;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

const skillPath = (botName: string, call: 'create_skill' | 'delete_skill') =>
  `/api/amazon/${encodeURIComponent(botName)}/${call}`;

export const createSkill = (botName: string, token: string, skillName: string) =>
  api.post<ChannelKeysAnswer>(skillPath(botName, 'create_skill'), {
    // One sign-in asks for both scopes: its token serves as the skill token and the model token.
    skillToken: token,
    modelToken: token,
    skillName,
  });

export const deleteSkill = (botName: string, token: string) =>
  api.post<ChannelKeysAnswer>(skillPath(botName, 'delete_skill'), { skillToken: token });
