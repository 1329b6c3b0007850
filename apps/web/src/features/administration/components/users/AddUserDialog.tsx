import { MESSAGES, type UserInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Checkbox, Modal, PasswordField, popup, TextField } from '../../../../ui';
import { addUser } from '../../api/users-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import {
  EMPTY_NEW_USER,
  isNewUserField,
  type NewUserDraft,
  type NewUserErrors,
  validateNewUser,
} from './new-user-form';

const M = MESSAGES.admin;

/** Add user: a platform account that joins the selected tenant (spec 01 sections 2 and 5). */
export function AddUserDialog({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NewUserDraft>(EMPTY_NEW_USER);
  const [errors, setErrors] = useState<NewUserErrors>({});
  const create = useMutation({
    mutationFn: addUser,
    meta: { handlesErrors: true },
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
      onClose();
      // One message either way: an address with an account was invited, and the answer does not say which.
      void popup.info({
        title: M.userAddedTitle,
        text: M.userAdded(answer.email, user.selectedTenant.displayName),
      });
    },
    onError: (error) => {
      // A field the server refused (e.g. the address is taken) is shown at that field.
      if (isApiError(error) && error.is('validation_error') && isNewUserField(error.data.fieldName)) {
        setErrors({ [error.data.fieldName]: error.message });
      } else {
        handleApiError(error);
      }
    },
  });

  const change = <K extends keyof NewUserDraft>(key: K, value: NewUserDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewUser(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      void popup.warning({ title: M.invalidInputTitle, text: M.invalidInputText });
      return;
    }
    create.mutate({ ...draft, email: draft.email.trim() });
  };

  const isDirty = draft.name !== '' || draft.email !== '' || draft.password !== '';

  return (
    <Modal
      title="Add user"
      description={`The new user joins ${user.selectedTenant.displayName} with the User role.`}
      onClose={onClose}
      isDirty={isDirty}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" isLoading={create.isPending}>
            {create.isPending ? M.creating : 'Add user'}
          </Button>
        </>
      )}
    >
      <form id="add-user-form" className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          hint="Letters, digits, _ . and - only."
          value={draft.name}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          value={draft.email}
          error={errors.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter and a special character."
          value={draft.password}
          error={errors.password}
          onChange={(event) => change('password', event.target.value)}
        />
        <Checkbox
          label="Send login data"
          checked={draft.sendLoginData}
          onChange={(event) => change('sendLoginData', event.target.checked)}
        />
        {user.isMasterTenantAdmin && (
          <Checkbox
            label="Assign to master tenant"
            checked={draft.assignToMasterTenant}
            onChange={(event) => change('assignToMasterTenant', event.target.checked)}
          />
        )}
      </form>
    </Modal>
  );
}
