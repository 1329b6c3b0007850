import { useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from '../icons';
import { Button } from './Button';
import './CopyValue.css';

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

/** A read-only value (an address, a key shown once) with its copy button. */
export function CopyValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    if (!(await copyText(value, fieldRef.current))) return;
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="copy-value">
      <label className="copy-value__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-value__row">
        <input
          ref={fieldRef}
          id={id}
          className="input copy-value__value"
          readOnly
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
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
      {hint && (
        <p id={`${id}-hint`} className="copy-value__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
