import { api, apiRequest } from '../../../api/client';

const resetPath = (token: string) => `/api/user/password/reset/${encodeURIComponent(token)}`;

/** 204 means accepted; the answer never tells whether the account exists. */
export const requestResetEmail = (userId: string) =>
  apiRequest<void>('POST', '/api/user/password/reset-email', { body: { userId } });

/** Resolves to true when the link is valid (204); a used or expired link answers 404. */
export const checkResetLink = (token: string): Promise<true> =>
  api.get<void>(resetPath(token)).then(() => true);

/** Answers true when the password was changed. */
export const resetPassword = (token: string, newPassword: string): Promise<boolean> =>
  api.post<boolean>(resetPath(token), { newPassword });
