import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, PlusIcon, TextField } from '../../../../ui';
import { createRole } from '../../api/roles-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';

/** Adds a custom role; an empty name is ignored (spec 01 section 5 'New role'). */
export function AddRoleForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: createRole,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.roles });
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.is('validation_error')) setError(failure.message);
      else handleApiError(failure);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const roleName = name.trim();
    if (!roleName) return;
    add.mutate(roleName);
  };

  return (
    <form className="add-role" onSubmit={submit} noValidate>
      <TextField
        label="New role"
        name="roleName"
        placeholder="e.g. Reviewer"
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" icon={<PlusIcon />} isLoading={add.isPending}>
        Add role
      </Button>
    </form>
  );
}
