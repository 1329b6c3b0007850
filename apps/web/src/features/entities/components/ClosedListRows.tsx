import { ENTITY_MESSAGES as M, type Sublist, SYNONYM_SEPARATOR, splitSynonyms } from '@parley/contracts';
import { useState } from 'react';
import { Button, popup, TrashIcon } from '../../../ui';

interface ClosedListRowsProps {
  sublists: readonly Sublist[];
  onChange: (sublists: Sublist[]) => void;
  canEdit: boolean;
}

/**
 * A closed list's rows: canonical form and its synonyms, written comma plus space apart
 * (spec 02 section 2.3). The add row needs both a canonical form and synonyms.
 */
export function ClosedListRows({ sublists, onChange, canEdit }: ClosedListRowsProps) {
  const [canonical, setCanonical] = useState('');
  const [synonyms, setSynonyms] = useState('');

  const change = (index: number, patch: Partial<Sublist>) =>
    onChange(sublists.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  const add = () => {
    if (canonical.trim() === '' || splitSynonyms(synonyms).length === 0) {
      void popup.warning({
        title: canonical.trim() === '' ? M.canonicalFormEmpty : 'Please provide the synonyms too',
        text: 'A new row needs a canonical form and at least one synonym.',
      });
      return;
    }
    if (sublists.some((s) => s.canonicalForm.toLowerCase() === canonical.trim().toLowerCase())) {
      void popup.warning({ title: M.canonicalFormExists(canonical.trim()) });
      return;
    }
    onChange([...sublists, { canonicalForm: canonical.trim(), list: splitSynonyms(synonyms) }]);
    setCanonical('');
    setSynonyms('');
  };

  return (
    <table className="closed-list">
      <thead>
        <tr>
          <th scope="col">Canonical form</th>
          <th scope="col">Synonyms</th>
          {canEdit && <th scope="col" aria-label="Actions" />}
        </tr>
      </thead>
      <tbody>
        {sublists.map((sublist, index) => (
          // Rows are edited in place; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: a typed canonical form changes with every key
          <tr key={index}>
            <td>
              <input
                className="input"
                aria-label={`Canonical form ${index + 1}`}
                value={sublist.canonicalForm}
                readOnly={!canEdit}
                onChange={(event) => change(index, { canonicalForm: event.target.value })}
              />
            </td>
            <td>
              <SynonymsInput
                label={`Synonyms of ${sublist.canonicalForm || `row ${index + 1}`}`}
                list={sublist.list}
                canEdit={canEdit}
                onChange={(list) => change(index, { list })}
              />
            </td>
            {canEdit && (
              <td className="closed-list__actions">
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Delete row ${sublist.canonicalForm}`}
                  onClick={() => onChange(sublists.filter((_, i) => i !== index))}
                >
                  <TrashIcon aria-hidden="true" />
                </button>
              </td>
            )}
          </tr>
        ))}
        {canEdit && (
          <tr className="closed-list__add">
            <td>
              <input
                className="input"
                aria-label="New canonical form"
                placeholder="Canonical form"
                value={canonical}
                onChange={(event) => setCanonical(event.target.value)}
              />
            </td>
            <td>
              <input
                className="input"
                aria-label="New synonyms"
                placeholder="Synonyms, comma separated"
                value={synonyms}
                onChange={(event) => setSynonyms(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add();
                  }
                }}
              />
            </td>
            <td className="closed-list__actions">
              <Button size="sm" variant="secondary" onClick={add}>
                Add
              </Button>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The synonyms cell: typed freely, read as a list split on comma plus space when it loses focus. */
function SynonymsInput({
  label,
  list,
  canEdit,
  onChange,
}: {
  label: string;
  list: readonly string[];
  canEdit: boolean;
  onChange: (list: string[]) => void;
}) {
  const [text, setText] = useState<string | undefined>(undefined);
  return (
    <input
      className="input"
      aria-label={label}
      value={text ?? list.join(SYNONYM_SEPARATOR)}
      readOnly={!canEdit}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitSynonyms(event.target.value));
      }}
      onBlur={() => setText(undefined)}
    />
  );
}
