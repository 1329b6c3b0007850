import type {
  AuthMethods,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  SignupUserData,
} from '@parley/contracts';
import { api, apiRequest } from '../../../api/client';

export const fetchAuthMethods = (): Promise<AuthMethods> => api.get<AuthMethods>('/api/auth/methods');

export const logIn = (body: LoginBody): Promise<LoginResponse> =>
  api.post<LoginResponse>('/api/auth/login', body);

/** Undefined (204) for a platform session; a directory session answers where the directory logs out. */
export const logOutOnServer = (): Promise<LogoutResponse | undefined> =>
  api.delete<LogoutResponse | undefined>('/api/auth/logout');

/** 200 with the password identity is success; otherwise the body is an address to open. */
export const signUp = (userData: SignupUserData) =>
  apiRequest<unknown>('POST', '/api/users/signup', { body: { userData } });

/** The confirmation mail of an unconfirmed account, again; 204 whatever the address. */
export const sendConfirmationMail = (userId: string) =>
  apiRequest<undefined>('POST', '/api/users/confirmation-email', { body: { userId } });
