import type { NluProvidersView, NluStatusView } from '@parley/contracts';
import { api } from '../../../api/client';
import { botsApiPath } from '../../bots';

/** The NLU Status calls (spec 04 section 7.2; the providers call is ours, docs/decisions.md). */
const providerPath = (botName: string, call: string, provider: string) =>
  `${botsApiPath(botName)}/${call}/${encodeURIComponent(provider)}`;

export const fetchNluProviders = (botName: string, signal?: AbortSignal) =>
  api.get<NluProvidersView>(`${botsApiPath(botName)}/nlu-providers`, signal);

export const fetchNluStatus = (botName: string, provider: string, signal?: AbortSignal) =>
  api.get<NluStatusView>(providerPath(botName, 'nlu-status', provider), signal);

export const createNluResource = (botName: string, provider: string) =>
  api.post<NluStatusView>(providerPath(botName, 'nlu-resource', provider));

export const createNlu = (botName: string, provider: string) =>
  api.post<NluStatusView>(providerPath(botName, 'nlu', provider));

export const deleteNlu = (botName: string, provider: string) =>
  api.delete<NluStatusView>(providerPath(botName, 'nlu', provider));
