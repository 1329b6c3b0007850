import { isValidEmail, isValidNewUserPassword, MESSAGES, userNameProblem } from '@parley/contracts';

const M = MESSAGES.admin;

export interface NewUserDraft {
  name: string;
  email: string;
  password: string;
  sendLoginData: boolean;
  assignToMasterTenant: boolean;
}

export type NewUserField = 'name' | 'email' | 'password';
export type NewUserErrors = Partial<Record<NewUserField, string>>;

export const EMPTY_NEW_USER: NewUserDraft = {
  name: '',
  email: '',
  password: '',
  sendLoginData: false,
  assignToMasterTenant: false,
};

/** The New user rules of spec 01 section 5, with the same validators as the server. */
export function validateNewUser(draft: NewUserDraft): NewUserErrors {
  const errors: NewUserErrors = {};
  const nameProblem = userNameProblem(draft.name);
  if (nameProblem) errors.name = nameProblem;
  if (!isValidEmail(draft.email.trim())) errors.email = M.invalidUserEmail;
  if (!isValidNewUserPassword(draft.password)) errors.password = M.invalidUserPassword;
  return errors;
}

export const isNewUserField = (value: unknown): value is NewUserField =>
  value === 'name' || value === 'email' || value === 'password';
