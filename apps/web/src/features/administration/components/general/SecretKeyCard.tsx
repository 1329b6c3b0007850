import type { TenantView } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, Card, CheckIcon, CopyIcon, KeyIcon, popup } from '../../../../ui';
import { generateSecretKey } from '../../api/tenant-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';

const COPIED_FOR_MS = 2000;

/** Copies with the clipboard API, or by selecting the field where that API is not offered. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand('copy');
  }
}

/** The tenant's API secret key: shown with a copy button; a new one replaces it after a confirmation. */
export function SecretKeyCard({ tenant }: { tenant: TenantView }) {
  const queryClient = useQueryClient();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const copiedTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  const generate = useMutation({
    mutationFn: generateSecretKey,
    onSuccess: ({ secretKey }) => {
      queryClient.setQueryData<TenantView>(ADMIN_KEYS.tenant, (current) =>
        current ? { ...current, secretKey } : current,
      );
      setIsCopied(false);
    },
  });

  const requestNewKey = async () => {
    if (tenant.secretKey) {
      const isConfirmed = await popup.confirm({
        title: 'Replace the secret key?',
        text: 'The current key stops working at once. Everything that uses it needs the new key.',
        actionText: 'Generate new key',
        isDanger: true,
      });
      if (!isConfirmed) return;
    }
    generate.mutate();
  };

  const copy = async () => {
    if (!tenant.secretKey) return;
    if (await copyText(tenant.secretKey, fieldRef.current)) {
      setIsCopied(true);
      window.clearTimeout(copiedTimer.current);
      copiedTimer.current = window.setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
    }
  };

  return (
    <Card
      title="Secret key"
      description="Identifies this account to the API. Keep it secret."
      actions={
        <Button variant="secondary" icon={<KeyIcon />} isLoading={generate.isPending} onClick={requestNewKey}>
          Generate secret key
        </Button>
      }
    >
      {tenant.secretKey ? (
        <div className="secret-key">
          <label className="visually-hidden" htmlFor="tenant-secret-key">
            Secret key
          </label>
          <input
            ref={fieldRef}
            id="tenant-secret-key"
            className="input secret-key__value"
            readOnly
            value={tenant.secretKey}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" icon={isCopied ? <CheckIcon /> : <CopyIcon />} onClick={copy}>
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : (
        <p className="admin-muted">This account has no secret key yet.</p>
      )}
    </Card>
  );
}
