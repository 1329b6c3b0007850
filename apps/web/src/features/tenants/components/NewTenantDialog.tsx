import { MESSAGES } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, Modal, TextField } from '../../../ui';
import { createTenant } from '../api/master-tenant-api';

const M = MESSAGES.admin;

/** New tenant (POST /api/tenants): the name must not be empty (spec 01 section 5). */
export function NewTenantDialog({
  onCreated,
  onClose,
}: {
  onCreated: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: createTenant,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await onCreated();
      onClose();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.is('validation_error')) setError(failure.message);
      else handleApiError(failure);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(M.invalidTenantName);
      return;
    }
    create.mutate(trimmed);
  };

  return (
    <Modal
      title="New tenant"
      description="The tenant starts on the default plan with the built-in roles. Master administrators administer it."
      onClose={onClose}
      isDirty={name.trim() !== ''}
      size="sm"
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="new-tenant-form" isLoading={create.isPending}>
            {create.isPending ? M.creating : 'Create tenant'}
          </Button>
        </>
      )}
    >
      <form id="new-tenant-form" className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="tenantName"
          autoComplete="off"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
