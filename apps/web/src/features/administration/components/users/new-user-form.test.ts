import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { validateNewUser } from './new-user-form';

const valid = {
  name: 'Pat_Person',
  email: 'pat@example.com',
  password: 'Pat-Password-1',
  sendLoginData: false,
  assignToMasterTenant: false,
};

describe('the New user form', () => {
  test('a valid user has no errors', () => {
    expect(validateNewUser(valid)).toEqual({});
  });

  test.each([
    [{ name: 'Pat Person' }, { name: MESSAGES.admin.invalidUserName }],
    [{ name: 'p'.repeat(300) }, { name: MESSAGES.admin.userNameTooLong(300) }],
    [{ email: 'pat' }, { email: MESSAGES.admin.invalidUserEmail }],
    [{ password: 'short' }, { password: MESSAGES.admin.invalidUserPassword }],
  ])('%j is refused with the server’s message', (patch, errors) => {
    expect(validateNewUser({ ...valid, ...patch })).toEqual(errors);
  });
});
