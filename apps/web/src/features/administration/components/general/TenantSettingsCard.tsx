import { isValidDisplayName, isValidEmail, MESSAGES, type TenantView } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Card, popup, TextField } from '../../../../ui';
import { USER_INFO_KEY } from '../../../account';
import { saveTenantSettings } from '../../api/tenant-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';

const M = MESSAGES.admin;

type Field = 'displayName' | 'email';

/** The tenant's display name and contact e-mail (PUT /api/tenant/settings). */
export function TenantSettingsCard({ tenant }: { tenant: TenantView }) {
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(tenant.displayName);
  const [email, setEmail] = useState(tenant.email);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: saveTenantSettings,
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(ADMIN_KEYS.tenant, saved);
      // The display name shows in the account switcher and the profile box.
      await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
      void popup.info({ title: 'Settings saved' });
    },
    onError: (error) => {
      const field = isApiError(error) && error.is('validation_error') ? error.data.fieldName : undefined;
      if (isApiError(error) && (field === 'displayName' || field === 'email')) {
        setErrors({ [field]: error.message });
      } else {
        handleApiError(error);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!isValidDisplayName(displayName)) found.displayName = M.invalidTenantDisplayName;
    if (!isValidEmail(email.trim())) found.email = M.invalidUserEmail;
    setErrors(found);
    if (Object.keys(found).length === 0)
      save.mutate({ displayName: displayName.trim(), email: email.trim() });
  };

  const isChanged = displayName !== tenant.displayName || email !== tenant.email;

  return (
    <Card
      title="Account settings"
      description="The name people see for this account, and its contact address."
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label="Display name"
          name="displayName"
          value={displayName}
          error={errors.displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            setErrors((current) => ({ ...current, displayName: undefined }));
          }}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <div className="admin-form__actions">
          <Button type="submit" isLoading={save.isPending} disabled={!isChanged}>
            Save settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
