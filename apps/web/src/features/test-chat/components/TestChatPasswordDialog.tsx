import { useEffect, useRef, useState } from 'react';
import { Button, CheckIcon, CopyIcon, Modal } from '../../../ui';

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

/** A read-only value with its copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(value, fieldRef.current))) return;
    setIsCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
  };

  return (
    <div className="share-copy">
      <label className="share-copy__label" htmlFor={`share-${label}`}>
        {label}
      </label>
      <div className="share-copy__row">
        <input
          ref={fieldRef}
          id={`share-${label}`}
          className="input share-copy__value"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="secondary"
          icon={isCopied ? <CheckIcon /> : <CopyIcon />}
          onClick={copy}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

/** 'Show password' (and the answer to 'Reset password'): the link and its password, to hand out together. */
export function TestChatPasswordDialog({
  password,
  link,
  isNew,
  onClose,
}: {
  password: string;
  link: string;
  isNew: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title={isNew ? 'New test chat password' : 'Test chat password'}
      description="Whoever has the link and this password can chat with the flows activated to test."
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <CopyField label="Password" value={password} />
      <CopyField label="Link" value={link} />
    </Modal>
  );
}
