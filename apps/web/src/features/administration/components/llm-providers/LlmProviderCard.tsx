import type { TenantLlmProviderView } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Card, formatDateTime, PasswordField, popup, TextField } from '../../../../ui';
import { removeTenantLlmProvider, saveTenantLlmProvider } from '../../api/llm-providers-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';

/** What the card says of where this provider's credentials come from. */
function statusOf(provider: TenantLlmProviderView): string {
  if (provider.own) return `Set up for this account (saved ${formatDateTime(provider.own.updatedAt)}).`;
  if (provider.fromEnvironment) return 'Given by this installation to every account.';
  return 'Not set up.';
}

/** One provider: its status, and a form to add, replace or remove this account's credentials. */
export function LlmProviderCard({ provider }: { provider: TenantLlmProviderView }) {
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const stored = new Map((provider.own?.fields ?? []).map((field) => [field.name, field]));
  const initial = () =>
    Object.fromEntries(
      provider.fields.map((field) => [field.name, field.secret ? '' : (stored.get(field.name)?.value ?? '')]),
    );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const replaceInList = (saved: TenantLlmProviderView) =>
    queryClient.setQueryData<TenantLlmProviderView[]>(ADMIN_KEYS.llmProviders, (list) =>
      list?.map((entry) => (entry.provider === saved.provider ? saved : entry)),
    );

  const save = useMutation({
    mutationFn: (fields: Record<string, string>) => saveTenantLlmProvider(provider.provider, { fields }),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      replaceInList(saved);
      setIsEditing(false);
      void popup.info({ title: 'Saved!', text: `${provider.label} is set up for this account.` });
    },
    onError: (error) => {
      const field = isApiError(error) && error.is('validation_error') ? error.data.fieldName : undefined;
      if (isApiError(error) && typeof field === 'string' && provider.fields.some((f) => f.name === field)) {
        setErrors({ [field]: error.message });
      } else {
        handleApiError(error);
      }
    },
  });

  const remove = useMutation({
    mutationFn: () => removeTenantLlmProvider(provider.provider),
    onSuccess: (removed) => {
      replaceInList(removed);
      setValues(Object.fromEntries(provider.fields.map((field) => [field.name, ''])));
      void popup.info({
        title: 'Deleted!',
        text: `${provider.label} credentials were removed from this account.`,
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const field of provider.fields) {
      const isKept = field.secret && stored.get(field.name)?.set;
      if (field.required && !values[field.name]?.trim() && !isKept)
        found[field.name] = `${field.label} is required.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Empty secrets are left out: the stored ones are kept.
    save.mutate(Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')));
  };

  const confirmRemove = async () => {
    const isConfirmed = await popup.confirm({
      title: `Remove ${provider.label}?`,
      text: provider.fromEnvironment
        ? "This account's credentials are deleted; its LLMs use the installation's again."
        : "This account's credentials are deleted; its LLMs with this provider stop answering until new ones are saved.",
      actionText: 'Remove',
      isDanger: true,
    });
    if (isConfirmed) remove.mutate();
  };

  return (
    <Card
      title={provider.label}
      description={statusOf(provider)}
      data-provider={provider.provider}
      className={isEditing ? undefined : 'llm-provider--closed'}
      actions={
        !isEditing && (
          <>
            {provider.own && (
              <Button variant="secondary" isLoading={remove.isPending} onClick={confirmRemove}>
                Remove
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                setValues(initial());
                setErrors({});
                setIsEditing(true);
              }}
            >
              {provider.own ? 'Replace credentials' : 'Add credentials'}
            </Button>
          </>
        )
      }
    >
      {isEditing && (
        <form
          className="admin-form"
          onSubmit={submit}
          noValidate
          aria-label={`${provider.label} credentials`}
        >
          {provider.fields.map((field) => {
            const hint =
              field.secret && stored.get(field.name)?.set
                ? `Saved (${stored.get(field.name)?.hint}). Leave empty to keep it.`
                : undefined;
            const props = {
              label: field.required ? field.label : `${field.label} (optional)`,
              name: field.name,
              value: values[field.name] ?? '',
              error: errors[field.name],
              hint,
              autoComplete: 'off',
              onChange: (event: { target: { value: string } }) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field.name]: value }));
                setErrors((current) => ({ ...current, [field.name]: undefined }));
              },
            };
            return field.secret ? (
              <PasswordField key={field.name} {...props} />
            ) : (
              <TextField key={field.name} {...props} />
            );
          })}
          <div className="admin-form__actions llm-provider__actions">
            <Button
              type="button"
              variant="secondary"
              onClick={() => setIsEditing(false)}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              Check and save
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
