import type { ManualListing, ManualSearchAnswer } from '@parley/contracts';
import { api } from '../../../api/client';

export type { ManualPage, ManualSearchResult } from '@parley/contracts';

export const fetchManual = (signal?: AbortSignal) =>
  api.get<ManualListing>('/api/user-manual/all', signal).then((answer) => answer.pages);

export const searchManual = (query: string, signal?: AbortSignal) =>
  api
    .get<ManualSearchAnswer>(`/api/user-manual/search?q=${encodeURIComponent(query)}`, signal)
    .then((answer) => answer.results);
