import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../../ui';
import { LINK_MESSAGES, linkAt, linksIn, removeLink, richTextParts, setLink } from '../../rich-text-links';
import { usePendingSelection } from './use-pending-selection';
import { VariableTextInput } from './VariableTextInput';

interface RichTextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly string[];
  isDisabled: boolean;
}

type TextElement = HTMLTextAreaElement | HTMLInputElement;

/**
 * A rich text (spec 03 sections 2.6 and 5): the stored HTML string with [variable]
 * autocomplete, and a link editor that links the selected text to an http(s), mailto: or tel:
 * address, changes a link's address or removes it. A preview shows the links as a reader sees them.
 */
export function RichTextInput({ id, label, value, onChange, variables, isDisabled }: RichTextInputProps) {
  const text = useRef<TextElement | null>(null);
  const messageId = useId();
  const [range, setRange] = useState<[number, number] | null>(null);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const select = usePendingSelection(text);
  const selection = (): [number, number] => [
    text.current?.selectionStart ?? 0,
    text.current?.selectionEnd ?? 0,
  ];

  const openLinkForm = () => {
    const [start, end] = selection();
    const existing = linkAt(value, start, end);
    if (!existing && start === end) {
      setMessage(LINK_MESSAGES.noSelection);
      return;
    }
    setMessage(null);
    setAddress(existing?.href ?? 'https://');
    setRange([start, end]);
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    if (!range) return;
    const edit = setLink(value, range[0], range[1], address);
    if ('error' in edit) {
      setMessage(edit.error);
      return;
    }
    onChange(edit.text);
    setRange(null);
    setMessage(null);
    select(...edit.selection);
  };
  const unlink = () => {
    const edit = removeLink(value, ...selection());
    if ('error' in edit) {
      setMessage(edit.error);
      return;
    }
    setMessage(null);
    onChange(edit.text);
    select(...edit.selection);
  };

  const hasLinks = linksIn(value).length > 0;
  return (
    <div className="field flow-details__rich-text">
      <div className="flow-details__rich-text-head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <div className="flow-details__toolbar" role="toolbar" aria-label={`${label} formatting`}>
          <button type="button" disabled={isDisabled} onClick={openLinkForm}>
            Link
          </button>
          <button type="button" disabled={isDisabled || !hasLinks} onClick={unlink}>
            Remove link
          </button>
        </div>
      </div>
      <VariableTextInput
        id={id}
        className="flow-details__textarea"
        value={value}
        onChange={onChange}
        variables={variables}
        isDisabled={isDisabled}
        isMultiline
        inputRef={text}
        describedBy={message ? messageId : undefined}
      />
      {message && (
        <p id={messageId} className="field__error" role="alert">
          {message}
        </p>
      )}
      {range && (
        <form className="flow-details__link-form" aria-label="Link" onSubmit={applyLink}>
          <label className="field__label" htmlFor={`${id}-address`}>
            Link address
          </label>
          <input
            id={`${id}-address`}
            className="input"
            type="url"
            value={address}
            autoFocus
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              // Closes the form only, not the dialog around the editor.
              event.stopPropagation();
              setRange(null);
              setMessage(null);
              select(...range);
            }}
          />
          <div className="flow-details__link-actions">
            <Button size="sm" type="submit">
              Set link
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setRange(null);
                setMessage(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
      {hasLinks && (
        <p className="flow-details__preview">
          <span className="flow-details__preview-label">Preview: </span>
          {richTextParts(value).map((part, index) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
              <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      )}
    </div>
  );
}
